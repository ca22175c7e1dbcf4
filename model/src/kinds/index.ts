import { z } from 'zod';
import type { Field, FieldKind } from '../define';
import { INT_MAX, INT_MIN } from '../constants';
import { messages } from '../messages';
import { isUuid, jsonTooDeep, jsonTooDeepMessage, parseWireDate } from '../values';

/** Comparisons of a search condition (data-layer.md section 7). */
export const COMPARISONS = [
  'contains',
  'equal',
  'like',
  'in',
  'notIn',
  'notEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
] as const;
export type Comparison = (typeof COMPARISONS)[number];

const TEXT_OPS: readonly Comparison[] = [
  'contains',
  'equal',
  'like',
  'in',
  'notIn',
  'notEqual',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'greaterThan',
  'lessThan',
];
const ORDERED_OPS: readonly Comparison[] = [
  'equal',
  'in',
  'notIn',
  'notEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
];
const EQUALITY_OPS: readonly Comparison[] = ['equal', 'in', 'notIn', 'notEqual'];

/** What a field kind knows about itself, apart from its database column and widget. */
export interface KindSpec {
  /** Check of a present (non-null) input value. */
  zod(field: Field<string>): z.ZodType;
  /** Comparisons a search condition may use on this kind. */
  comparisons: readonly Comparison[];
  /** Why a search term is not a valid value of this kind, or null. */
  checkSearchTerm(value: string): string | null;
  /** Whether the kind is stored in a column of the entity's own table (else its rows live in other tables). */
  stored: boolean;
  /** The field holds a row's id: its API and input key is `<name>Id` (its column `<name>_id`). */
  holdsId: boolean;
  /** A new file may be given as an upload under the field's own name (an existing one by its id). */
  upload: boolean;
  /** A condition path may go through it to the rows it names (`asset.name`, `has` conditions). */
  joins: boolean;
}

function lengthChecked(field: Field<string>, base: z.ZodString): z.ZodType {
  const { minLength: min, maxLength: max } = field;
  if (min == null && max == null) return base;
  return base.superRefine((v, ctx) => {
    const n = v.length;
    if (min != null && max != null && (n < min || n > max))
      ctx.addIssue({ code: 'custom', message: messages.length(min, max, n), params: { code: 'length' } });
    else if (min != null && max == null && n < min)
      ctx.addIssue({ code: 'custom', message: messages.minLength(min, n), params: { code: 'length' } });
    else if (max != null && min == null && n > max)
      ctx.addIssue({ code: 'custom', message: messages.maxLength(max, n), params: { code: 'length' } });
  });
}

const textSearch = () => null;
const intSearch = (v: string) =>
  /^-?\d+$/.test(v.trim()) && Number(v) >= INT_MIN && Number(v) <= INT_MAX
    ? null
    : `'${v}' is not a whole number between ${INT_MIN} and ${INT_MAX}`;
// Decimal notation only (PostgreSQL refuses JavaScript's 0b/0o forms), finite, and not so small that it rounds to 0.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const numberSearch = (v: string) => {
  const s = v.trim();
  const n = Number(s);
  const ok = DECIMAL.test(s) && Number.isFinite(n) && (n !== 0 || !/[1-9]/.test(s.split(/e/i)[0]));
  return ok ? null : `'${v}' is not a number`;
};
const boolSearch = (v: string) => (v === 'true' || v === 'false' ? null : `'${v}' is not a boolean: use 'true' or 'false'`);
const dateSearch = (v: string) => (parseWireDate(v) ? null : `'${v}' is not a valid date`);
const idSearch = (v: string) => (isUuid(v) ? null : `'${v}' is not a valid id`);

const text = (check?: (s: z.ZodString) => z.ZodString): KindSpec => ({
  zod: (field) => lengthChecked(field, check ? check(z.string()) : z.string()),
  comparisons: TEXT_OPS,
  checkSearchTerm: textSearch,
  stored: true,
  holdsId: false,
  upload: false,
  joins: false,
});

const table = {
  text: text(),
  textarea: text(),
  password: text(),
  email: text((s) => s.email({ message: messages.email })),
  url: {
    ...text(),
    zod: (field) =>
      lengthChecked(
        field,
        z.string().refine((v) => {
          try {
            const u = new URL(v);
            return u.protocol === 'http:' || u.protocol === 'https:';
          } catch {
            return false;
          }
        }, messages.url) as unknown as z.ZodString,
      ),
  },
  integer: {
    zod: () =>
      z
        .number({ message: messages.integer })
        .int({ message: messages.integer })
        .min(INT_MIN, { message: messages.integerRange })
        .max(INT_MAX, { message: messages.integerRange }),
    comparisons: ORDERED_OPS,
    checkSearchTerm: intSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  number: {
    zod: () => z.number({ message: messages.mustBeNumber }).finite({ message: messages.mustBeNumber }),
    comparisons: ORDERED_OPS,
    checkSearchTerm: numberSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  boolean: {
    zod: () => z.boolean(),
    comparisons: EQUALITY_OPS,
    checkSearchTerm: boolSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  date: {
    zod: () => z.string().refine((v) => parseWireDate(v) !== null, messages.invalidDate),
    comparisons: ORDERED_OPS,
    checkSearchTerm: dateSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  datetime: {
    zod: () => z.string().refine((v) => parseWireDate(v) !== null, messages.invalidDate),
    comparisons: ORDERED_OPS,
    checkSearchTerm: dateSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  enum: {
    zod: (field) => {
      const values = Object.keys(field.kind === 'enum' ? field.enum.values : {});
      return z.string().refine((v) => values.includes(v), `The value must be one of ${values.join(', ')}`);
    },
    comparisons: EQUALITY_OPS,
    checkSearchTerm: textSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  json: {
    zod: () =>
      z
        .union([
          z.string().refine((v) => {
            try {
              JSON.parse(v);
              return true;
            } catch {
              return false;
            }
          }, 'The value is not valid JSON'),
          z.record(z.string(), z.unknown()),
          z.array(z.unknown()),
        ])
        .refine((v) => {
          if (typeof v !== 'string') return !jsonTooDeep(v);
          try {
            return !jsonTooDeep(JSON.parse(v));
          } catch {
            return true; // said by the check above
          }
        }, jsonTooDeepMessage),
    comparisons: ['contains', 'like'],
    checkSearchTerm: textSearch,
    stored: true,
    holdsId: false,
    upload: false,
    joins: false,
  },
  file: {
    zod: () => z.string().refine(isUuid, 'The value is not a valid id'),
    comparisons: EQUALITY_OPS,
    checkSearchTerm: idSearch,
    stored: true,
    holdsId: true,
    upload: true,
    joins: false,
  },
  reference: {
    zod: () => z.string().refine(isUuid, 'The value is not a valid id'),
    comparisons: EQUALITY_OPS,
    checkSearchTerm: idSearch,
    stored: true,
    holdsId: true,
    upload: false,
    joins: true,
  },
  children: {
    zod: () => z.array(z.object({ id: z.string().refine(isUuid, 'The value is not a valid id') })),
    comparisons: [],
    checkSearchTerm: idSearch,
    stored: false,
    holdsId: false,
    upload: false,
    joins: true,
  },
  links: {
    zod: () => z.array(z.object({ id: z.string().refine(isUuid, 'The value is not a valid id') })),
    comparisons: [],
    checkSearchTerm: idSearch,
    stored: false,
    holdsId: false,
    upload: false,
    joins: true,
  },
  // A derived field: computed from the row by the server, never written; what it compares
  // and how follow its value's kind (comparisonsOf, checkSearchTermOf).
  derived: {
    zod: () => z.never(),
    comparisons: [],
    checkSearchTerm: () => 'not a value of its own',
    stored: false,
    holdsId: false,
    upload: false,
    joins: false,
  },
} satisfies Record<FieldKind, KindSpec>;

export const kinds: { readonly [K in FieldKind]: KindSpec } = table;

/** Kinds whose rows live in other tables (child rows, link rows): lists of references in the API. */
export type RelationKind = {
  [K in FieldKind]: (typeof table)[K]['stored'] extends false ? ((typeof table)[K]['joins'] extends true ? K : never) : never;
}[FieldKind];

/** Whether a field is a relation (its rows live in other tables; not a derived value). */
export const isRelation = <F extends Field<string>>(field: F): field is Extract<F, { kind: RelationKind }> =>
  !kinds[field.kind].stored && kinds[field.kind].joins;

/** The kind a field's values compare as: a derived field's value kind ('object' compares as nothing). */
function valueKind(field: Field<string>): FieldKind | null {
  if (field.kind !== 'derived') return field.kind;
  return field.of === 'object' ? null : field.of;
}

/** Comparisons a search condition may use on a field. */
export function comparisonsOf(field: Field<string>): readonly Comparison[] {
  const k = valueKind(field);
  return k ? kinds[k].comparisons : [];
}

/** Why a search term is not a value of a field, or null. */
export function checkSearchTermOf(field: Field<string>, value: string): string | null {
  const k = valueKind(field);
  return k ? kinds[k].checkSearchTerm(value) : 'not a value that can be searched';
}

/** Kinds a condition path goes through: a reference to its row, child and link lists to theirs. */
export type JoinKind = { [K in FieldKind]: (typeof table)[K]['joins'] extends true ? K : never }[FieldKind];

/** Whether a condition path may go through a field to the rows it names. */
export const isJoin = <F extends Field<string>>(field: F): field is Extract<F, { kind: JoinKind }> => kinds[field.kind].joins;

/** Check of an id search term (the id column of every entity). */
export const checkIdSearchTerm = idSearch;
