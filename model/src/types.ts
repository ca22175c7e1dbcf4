import type { EnumDef } from './enums';
import type { EntityDef } from './define';
import type { entities } from './registry';

/** The TypeScript value of a field kind. */
type ValueOf<F> = F extends { kind: 'enum'; enum: EnumDef<infer V> }
  ? V
  : F extends { kind: 'integer' | 'number' }
    ? number
    : F extends { kind: 'boolean' }
      ? boolean
      : F extends { kind: 'json' }
        ? unknown
        : string;

type Fields<E extends EntityDef> = E['fields'];
type KeysOfKind<E extends EntityDef, K extends string> = {
  [P in keyof Fields<E>]: Fields<E>[P] extends { kind: K } ? P : never;
}[keyof Fields<E>] &
  string;

type Scalars<E extends EntityDef> = Exclude<keyof Fields<E>, KeysOfKind<E, 'reference' | 'file' | 'children' | 'links'>> & string;

export interface FileRef {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A record of an entity as the API returns it (nested references optional: only when selected). */
export type EntityRecord<E extends EntityDef> = { id: string; created: string; modified: string } & {
  [P in Scalars<E>]?: ValueOf<Fields<E>[P]> | null;
} & {
  [P in KeysOfKind<E, 'reference' | 'file'> as `${P}Id`]?: string | null;
} & {
  [P in KeysOfKind<E, 'file'>]?: FileRef | null;
} & {
  [P in KeysOfKind<E, 'reference'>]?: { id: string; [key: string]: unknown } | null;
} & {
  [P in KeysOfKind<E, 'children' | 'links'>]?: { id: string; [key: string]: unknown }[];
};

/** The input of a create or update of an entity. */
export type EntityInput<E extends EntityDef> = { id?: string } & {
  [P in Scalars<E>]?: ValueOf<Fields<E>[P]> | null;
} & {
  [P in KeysOfKind<E, 'reference' | 'file'> as `${P}Id`]?: string | null;
} & {
  [P in KeysOfKind<E, 'children' | 'links'>]?: { id: string }[];
};

export type RecordOf<N extends keyof typeof entities> = EntityRecord<(typeof entities)[N]>;
export type InputOf<N extends keyof typeof entities> = EntityInput<(typeof entities)[N]>;
