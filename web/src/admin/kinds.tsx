/**
 * What each field kind is in the back-office: its input on the record screens and its text
 * in list cells and view screens. One entry per `FieldKind`, so a kind added to the model
 * does not compile until it has both here (and its server parts in server/src/kinds/).
 */
import { Checkbox, NumberInput, PasswordInput, Select, TextInput, Textarea } from '@mantine/core';
import { enumLabel, getEntity, type EntityName, type Field, type FieldKind } from '@hub/model';
import type { ReactElement } from 'react';
import { DayInput } from '../ui/DayInput';
import { formatDay, formatLocal } from '../ui/dates';
import type { FieldProps } from './record/FieldInput';
import type { StoredFile } from './record/upload';
import { FileUpload, LinksInput, ReferenceInput } from './record/widgets';

type FieldOf<K extends FieldKind> = Field & { kind: K };

/** The props of an input: the field's, with its label. */
export type InputProps<K extends FieldKind> = FieldProps & { field: FieldOf<K>; label: string };

/** A choice of a list filter. */
export interface Choice {
  value: string;
  label: string;
}

/** A list's filter of a field: a pick among values, a range of days, or records of the referenced entity. */
export type ListFilter<K extends FieldKind> =
  | { kind: 'choices'; choices(field: FieldOf<K>): Choice[] }
  /** The conditions' bounds of the days `from` and `to` ('YYYY-MM-DD'). */
  | { kind: 'range'; from(day: string): string; to(day: string): string }
  | { kind: 'reference'; target(field: FieldOf<K>): EntityName };

/** A field as a list column: its GraphQL selection and whether the list sorts by it. */
export interface ListColumn<K extends FieldKind> {
  select(path: string, field: FieldOf<K>): string;
  /** Whether the list sorts by it (a field's own answer where the kind alone does not say). */
  sortable: boolean | ((field: FieldOf<K>) => boolean);
  /** A text column: an entity with none lists its first 'when no text column' field instead. */
  text: boolean;
}

export interface WebKind<K extends FieldKind> {
  /** The input of create and edit screens; 'not on the form' for kinds the record screens show otherwise. */
  input: ((props: InputProps<K>) => ReactElement) | 'not on the form';
  /** The form value of a loaded record's field `name` (default: the record's value at the field's input key). */
  load?(field: FieldOf<K>, record: Record<string, unknown>, name: string): unknown;
  /** The save input of a form value; undefined sends nothing (default: the value, '' as null, nothing empty on create). */
  toInput?(value: unknown): unknown;
  /** The GraphQL selection of a field named `name` on the record screens. */
  select(name: string, field: FieldOf<K>): string;
  /** A present value as text (list cells, view screens, titles). */
  format(field: FieldOf<K>, value: unknown): string;
  /** The value the view screen formats, from the form value and the loaded record (default: the form value). */
  viewValue?(value: unknown, record: Record<string, unknown> | null, name: string): unknown;
  /** The stored file the view screen links to, if any. */
  viewFile?(record: Record<string, unknown> | null, name: string): StoredFile | null;
  /** An absent value as text ('' unless said). */
  empty?: string;
  /** Its list column: always, only on a list with no text column, or never. */
  column: ListColumn<K> | 'when no text column' | 'not listed';
  /** Its list filter, if any. */
  filter: ListFilter<K> | null;
}

const common = (p: FieldProps & { label: string }) => ({
  label: p.label,
  error: p.error,
  onBlur: p.onBlur,
  withAsterisk: !!p.field.required,
});
const text = (p: FieldProps) => (p.value as string) ?? '';

/**
 * A derived value as text: an owner's first name and surname, or the email when both are
 * empty (data-layer.md, FormSubmissionsEntity); Yes or No; an enumeration's label.
 */
export function derivedText(field: FieldOf<'derived'>, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (field.of === 'object') {
    const o = v as { firstName?: string | null; surname?: string | null; email?: string | null };
    const name = [o.firstName, o.surname].filter((s) => s && s.trim()).join(' ');
    return name || (o.email ?? '');
  }
  if (field.of === 'boolean') return v ? 'Yes' : 'No';
  if (field.of === 'enum' && field.enum) return enumLabel(field.enum, v as string);
  return String(v);
}
const asText = (_f: Field, v: unknown) => String(v);
const own = (name: string) => name;
/** A sortable column of the field's own value. */
const plain = (text = false): ListColumn<FieldKind> => ({ select: own, sortable: true, text });
/** The selection of a referenced row: its id and display field. */
const rowOf = (target: EntityName) => {
  const display = getEntity(target).display;
  return `{ id ${display === 'id' ? '' : display} }`;
};

const textInput =
  (type: 'text' | 'email' | 'url') =>
  (p: InputProps<FieldKind>): ReactElement => (
    <TextInput {...common(p)} type={type} value={text(p)} onChange={(e) => p.onChange(e.currentTarget.value)} />
  );
const textarea = (p: InputProps<FieldKind>): ReactElement => (
  <Textarea {...common(p)} autosize minRows={2} value={text(p)} onChange={(e) => p.onChange(e.currentTarget.value)} />
);
const numberInput =
  (decimals: boolean) =>
  (p: InputProps<FieldKind>): ReactElement => (
    <NumberInput
      {...common(p)}
      allowDecimal={decimals}
      value={(p.value as number) ?? ''}
      onChange={(v) => p.onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
    />
  );

const pad = (n: number) => String(n).padStart(2, '0');
/** datetime-local wants 'YYYY-MM-DDTHH:mm' in local time; the wire is UTC 'YYYY-MM-DD HH:mm:ss'. */
function toLocalInput(wire: unknown): string {
  if (typeof wire !== 'string' || !wire) return '';
  const d = new Date(`${wire.replace(' ', 'T')}Z`);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

export const webKinds: { readonly [K in FieldKind]: WebKind<K> } = {
  text: { input: textInput('text'), select: own, format: asText, column: plain(true), filter: null },
  email: { input: textInput('email'), select: own, format: asText, column: plain(true), filter: null },
  url: { input: textInput('url'), select: own, format: asText, column: plain(true), filter: null },
  textarea: { input: textarea, select: own, format: asText, column: 'when no text column', filter: null },
  json: { input: textarea, select: own, format: asText, column: 'not listed', filter: null },
  password: {
    input: (p) => (
      <PasswordInput {...common(p)} autoComplete="new-password" value={text(p)} onChange={(e) => p.onChange(e.currentTarget.value)} />
    ),
    // Sent only when typed: an empty password keeps the stored one.
    toInput: (v) => v || undefined,
    select: own,
    format: asText,
    column: 'not listed',
    filter: null,
  },
  integer: { input: numberInput(false), select: own, format: asText, column: plain(), filter: null },
  number: { input: numberInput(true), select: own, format: asText, column: plain(), filter: null },
  boolean: {
    input: (p) => (
      <Checkbox
        label={p.label}
        checked={!!p.value}
        onChange={(e) => p.onChange(e.currentTarget.checked)}
        onBlur={p.onBlur}
        error={p.error}
      />
    ),
    select: own,
    format: (_f, v) => (v ? 'Yes' : 'No'),
    column: plain(),
    filter: {
      kind: 'choices',
      choices: () => [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ],
    },
  },
  // A day: the wire value 'YYYY-MM-DD' is what the day picker reads and writes (no time zone).
  date: {
    input: (p) => <DayInput {...common(p)} value={p.value as string | null} onChange={p.onChange} />,
    select: own,
    format: (_f, v) => formatDay(v as string),
    column: plain(),
    filter: { kind: 'range', from: (day) => day, to: (day) => day },
  },
  datetime: {
    input: (p) => (
      <TextInput
        {...common(p)}
        type="datetime-local"
        value={toLocalInput(p.value)}
        onChange={(e) => p.onChange(fromLocalInput(e.currentTarget.value))}
      />
    ),
    select: own,
    format: (_f, v) => formatLocal(v as string),
    column: plain(),
    filter: { kind: 'range', from: (day) => `${day} 00:00:00`, to: (day) => `${day} 23:59:59` },
  },
  enum: {
    input: (p) => (
      <Select
        {...common(p)}
        data={Object.entries(p.field.enum.values).map(([v, l]) => ({ value: v, label: l as string }))}
        value={(p.value as string) ?? null}
        onChange={(v) => p.onChange(v)}
        clearable={!p.field.required}
      />
    ),
    select: own,
    format: (field, v) => enumLabel(field.enum, v as string),
    column: plain(),
    filter: { kind: 'choices', choices: (field) => Object.entries(field.enum.values).map(([value, label]) => ({ value, label })) },
  },
  reference: {
    input: (p) => <ReferenceInput {...p} target={p.field.target} />,
    select: (name, field) => `${name}Id ${name} ${rowOf(field.target)}`,
    viewValue: (value, record, name) => (value ? (record?.[name] ?? { id: value }) : value),
    format: (field, v) => {
      const ref = v as Record<string, unknown>;
      return String(ref[getEntity(field.target).display] ?? ref.id ?? '');
    },
    column: { select: (path, field) => `${path} ${rowOf(field.target)}`, sortable: false, text: false },
    filter: { kind: 'reference', target: (field) => field.target },
  },
  links: {
    input: (p) => <LinksInput {...p} target={p.field.target!} />,
    load: (field, record, name) => {
      const display = getEntity(field.target!).display;
      return ((record[name] as Record<string, unknown>[] | null) ?? []).map((r) => ({ id: r.id, label: String(r[display] ?? r.id) }));
    },
    toInput: (v) => ((v as { id: string }[]) ?? []).map((x) => ({ id: x.id })),
    select: (name, field) => `${name} ${rowOf(field.target!)}`,
    format: (_f, v) => ((v as { label?: string; id: string }[]) ?? []).map((x) => x.label ?? x.id).join(', '),
    column: 'not listed',
    filter: null,
  },
  children: {
    // The record screens show child lists as file lists (record-query.ts fileLists), never as one input.
    input: 'not on the form',
    select: own,
    format: asText,
    column: 'not listed',
    filter: null,
  },
  // Computed by the server (a submission's form name and owner, a document's pendingApproval):
  // shown, listed and filtered as its value's kind, never an input (read-only fields display).
  derived: {
    input: (p) => <TextInput label={p.label} value={derivedText(p.field, p.value)} readOnly />,
    select: (name, field) =>
      field.of === 'object' && 'object' in field.from ? `${name} { ${Object.keys(field.from.object).join(' ')} }` : name,
    format: (field, v) => derivedText(field, v),
    column: {
      select: (path, field) =>
        field.of === 'object' && 'object' in field.from ? `${path} { ${Object.keys(field.from.object).join(' ')} }` : path,
      // An object (a submission's owner) has no one order; values sort as their kind.
      sortable: (field) => field.of !== 'object',
      text: false,
    },
    filter: {
      kind: 'choices',
      choices: (field) =>
        field.of === 'boolean'
          ? [
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]
          : field.of === 'enum' && field.enum
            ? Object.entries(field.enum.values).map(([value, label]) => ({ value, label }))
            : [],
    },
  },
  file: {
    input: (p) => <FileUpload {...p} />,
    select: (name) => `${name}Id ${name} { id fileName size contentType }`,
    viewFile: (record, name) => (record?.[name] as StoredFile | null) ?? null,
    format: asText,
    empty: 'No File Attached',
    column: 'not listed',
    filter: null,
  },
};

/** The web behaviour of a field's kind. */
export const webKindOf = (field: Field): WebKind<FieldKind> => webKinds[field.kind] as WebKind<FieldKind>;
