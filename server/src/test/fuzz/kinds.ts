import type { EntityName, Field, FieldKind } from '@hub/model';
import { deepNesting, hostileString, hostileValue, someId, type KnownIds } from './hostile';
import type { Rng } from './prng';

/** Generated values per field kind: one entry per `FieldKind`, so a new kind needs its fuzz values. */

/** A list of up to `max` made items. */
export const list = <T>(r: Rng, max: number, make: () => T): T[] => Array.from({ length: r.int(max + 1) }, make);

type FieldOf<K extends FieldKind> = Field & { kind: K };

/**
 * The fuzzer's values per field kind: `calm` the valid value of a calm run (null: the kind's
 * own `value` then too), `value` usually valid for the kind, often not.
 */
interface KindFuzz<K extends FieldKind> {
  calm: ((r: Rng) => unknown) | null;
  value(r: Rng, field: FieldOf<K>, ids: KnownIds): unknown;
  /** The input keys of a create or update (the field's own value unless said). */
  input?(r: Rng, name: string, field: FieldOf<K>, ids: KnownIds): Record<string, unknown>;
  /** The selection of the field (its own name unless said); `nested` selects a row of another entity, or null when too deep. */
  select?(r: Rng, name: string, field: FieldOf<K>, nested: Nested): string | null;
}

/** A selection of a row of `target` one level deeper, if the depth allows, with that chance. */
type Nested = (name: string, target: EntityName, chance: number) => string | null;

const calmText = (r: Rng) => `Calm ${r.int(1e6)}`;
const fuzzText: KindFuzz<FieldKind> = {
  calm: calmText,
  value: (r, field) => (r.chance(0.5) ? `Fuzz ${r.int(1e6)} ${field.kind}` : hostileString(r)),
};
const fuzzDate: KindFuzz<FieldKind> = {
  calm: () => '2026-05-01 10:00:00',
  value: (r) => (r.chance(0.4) ? '2026-05-01 10:00:00' : hostileString(r)),
};
const relationInput = (r: Rng, name: string, target: EntityName, ids: KnownIds) => ({
  [name]: r.chance(0.85) ? list(r, 3, () => ({ id: someId(r, ids, target) })) : hostileValue(r, ids),
});
const relationSelect = (_r: Rng, name: string, field: Field & { target?: EntityName }, nested: Nested) => nested(name, field.target!, 0.4);

/** Kinds whose value names rows: any hostile value (ids of other tables, malformed ids, junk). */
const fuzzIds: KindFuzz<FieldKind> = { calm: calmText, value: (r, _f, ids) => hostileValue(r, ids) };

const kindFuzz: { [K in FieldKind]: KindFuzz<K> } = {
  text: fuzzText,
  textarea: fuzzText,
  password: fuzzText,
  email: {
    calm: (r) => `calm${r.int(1e6)}@example.org`,
    value: (r) => (r.chance(0.6) ? `fuzz${r.int(1e6)}@example.org` : hostileString(r)),
  },
  url: { calm: () => 'https://example.org/calm', value: (r) => (r.chance(0.6) ? 'https://example.org/fuzz' : hostileString(r)) },
  integer: {
    calm: null,
    value: (r) => {
      if (r.chance(0.5)) return r.int(100);
      r.mark('val:int-out-of-range');
      return r.pick([2147483647, 2147483648, -2147483649, 1.5]);
    },
  },
  number: { calm: null, value: (r) => r.pick([0, 1.25, -3, 1e308, 2 ** 53 + 1]) },
  boolean: { calm: null, value: (r) => (r.chance(0.8) ? r.chance(0.5) : r.pick(['true', 1, null])) },
  date: fuzzDate,
  datetime: fuzzDate,
  enum: {
    calm: null,
    value: (r, field) => {
      const keys = Object.keys(field.enum.values);
      if (r.chance(0.7)) return r.pick(keys);
      r.mark('val:bad-enum');
      return r.pick(['SPACESHIP', '', '__proto__', keys[0].toLowerCase()]);
    },
  },
  json: {
    calm: null,
    value: (r) => r.pick(['{}', '{"slides":[]}', '[]', '{"__proto__":{"x":1}}', '{', 'null', '"x"', JSON.stringify(deepNesting(r))]),
  },
  file: {
    ...fuzzIds,
    input: (r, name, _f, ids) => (r.chance(0.5) ? { [`${name}Id`]: someId(r, ids, 'file') } : {}),
    select: (r, name) => (r.chance(0.5) ? `${name} { id fileName contentType size }` : `${name}Id`),
  },
  reference: {
    ...fuzzIds,
    input: (r, name, field, ids) => ({ [`${name}Id`]: r.chance(0.9) ? someId(r, ids, field.target) : hostileValue(r, ids) }),
    select: (r, name, field, nested) => nested(name, field.target, 0.5) ?? `${name}Id`,
  },
  children: { ...fuzzIds, input: (r, name, field, ids) => relationInput(r, name, field.target, ids), select: relationSelect },
  links: { ...fuzzIds, input: (r, name, field, ids) => relationInput(r, name, field.target!, ids), select: relationSelect },
  // Read-only: an input of it is refused by the schema; selected as a value, or an object's keys.
  derived: {
    ...fuzzText,
    select: (_r, name, field) =>
      field.of === 'object' && 'object' in field.from ? `${name} { ${Object.keys(field.from.object).join(' ')} }` : name,
  },
};

/** A value for a field: usually valid for its kind, often not. */
export function fieldValue(r: Rng, field: Field, ids: KnownIds): unknown {
  if (r.chance(r.calm ? 0.03 : 0.35)) return hostileValue(r, ids);
  // Where paths may name no field (`constructor` reaches Object's): such a "field" gets junk.
  const fuzz = (Object.hasOwn(kindFuzz, field.kind) ? kindFuzz[field.kind] : fuzzIds) as KindFuzz<FieldKind>;
  if (r.calm && fuzz.calm) return fuzz.calm(r);
  return fuzz.value(r, field, ids);
}

/** The input keys of a field in a generated create or update. */
export function fieldInput(r: Rng, name: string, field: Field, ids: KnownIds): Record<string, unknown> {
  const fuzz = kindFuzz[field.kind] as KindFuzz<FieldKind>;
  return fuzz.input ? fuzz.input(r, name, field, ids) : { [name]: fieldValue(r, field, ids) };
}

/** The selection of a field in a generated query, or null for none. */
export function fieldSelection(r: Rng, name: string, field: Field, nested: Nested): string | null {
  const fuzz = kindFuzz[field.kind] as KindFuzz<FieldKind>;
  return fuzz.select ? fuzz.select(r, name, field, nested) : name;
}
