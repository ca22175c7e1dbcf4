/**
 * What each field kind is in the back-office: its input on the record screens and its text
 * in list cells and view screens. One entry per `FieldKind`, so a kind added to the model
 * does not compile until it has both here (and its server parts in server/src/kinds/).
 */
import { Checkbox, NumberInput, PasswordInput, Select, TextInput, Textarea } from '@mantine/core';
import { enumLabel, getEntity, type Field, type FieldKind } from '@hub/model';
import type { ReactElement } from 'react';
import { formatDay, formatLocal } from '../ui/dates';
import type { FieldProps } from './record/FieldInput';
import { FileUpload, LinksInput, ReferenceInput } from './record/widgets';

type FieldOf<K extends FieldKind> = Field & { kind: K };

/** The props of an input: the field's, with its label. */
export type InputProps<K extends FieldKind> = FieldProps & { field: FieldOf<K>; label: string };

export interface WebKind<K extends FieldKind> {
  /** The input of create and edit screens. */
  input(props: InputProps<K>): ReactElement;
  /** A present value as text (list cells, view screens, titles). */
  format(field: FieldOf<K>, value: unknown): string;
  /** A list's date-range filter: the conditions' bounds of the days `from` and `to` ('YYYY-MM-DD'). */
  range?: { from(day: string): string; to(day: string): string };
}

const common = (p: FieldProps & { label: string }) => ({
  label: p.label,
  error: p.error,
  onBlur: p.onBlur,
  withAsterisk: !!p.field.required,
});
const text = (p: FieldProps) => (p.value as string) ?? '';
const asText = (_f: Field, v: unknown) => String(v);

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
  text: { input: textInput('text'), format: asText },
  email: { input: textInput('email'), format: asText },
  url: { input: textInput('url'), format: asText },
  textarea: { input: textarea, format: asText },
  json: { input: textarea, format: asText },
  password: {
    input: (p) => (
      <PasswordInput {...common(p)} autoComplete="new-password" value={text(p)} onChange={(e) => p.onChange(e.currentTarget.value)} />
    ),
    format: asText,
  },
  integer: { input: numberInput(false), format: asText },
  number: { input: numberInput(true), format: asText },
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
    format: (_f, v) => (v ? 'Yes' : 'No'),
  },
  // A day: the wire value 'YYYY-MM-DD' is what the day picker reads and writes (no time zone).
  date: {
    input: (p) => (
      <TextInput
        {...common(p)}
        type="date"
        value={typeof p.value === 'string' ? p.value.slice(0, 10) : ''}
        onChange={(e) => p.onChange(e.currentTarget.value || null)}
      />
    ),
    format: (_f, v) => formatDay(v as string),
    range: { from: (day) => day, to: (day) => day },
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
    format: (_f, v) => formatLocal(v as string),
    range: { from: (day) => `${day} 00:00:00`, to: (day) => `${day} 23:59:59` },
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
    format: (field, v) => enumLabel(field.enum, v as string),
  },
  reference: {
    input: (p) => <ReferenceInput {...p} target={p.field.target} />,
    format: (field, v) => {
      const ref = v as Record<string, unknown>;
      return String(ref[getEntity(field.target).display] ?? ref.id ?? '');
    },
  },
  links: {
    input: (p) => <LinksInput {...p} target={p.field.target!} />,
    format: (_f, v) => ((v as { label?: string; id: string }[]) ?? []).map((x) => x.label ?? x.id).join(', '),
  },
  children: {
    // The record screens show child lists as file lists (record-query.ts fileLists), never as one input.
    input: () => <></>,
    format: asText,
  },
  file: {
    input: (p) => <FileUpload {...p} />,
    format: asText,
  },
};

/** The web behaviour of a field's kind. */
export const webKindOf = (field: Field): WebKind<FieldKind> => webKinds[field.kind] as WebKind<FieldKind>;
