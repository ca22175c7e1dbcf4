/**
 * What each field kind is on the server: its column, its GraphQL fields, its SQL codec and
 * how a search condition compares it. One entry per `FieldKind`, so a kind added to the
 * model does not compile until it has every part here (and, in `web/`, in `admin/kinds.tsx`).
 *
 * This module imports only libraries and `@hub/model`: the tables, the shared GraphQL types
 * and the password hash reach it as arguments, so every layer (db, crud, graphql) may use it.
 */
import {
  enumLabel,
  kinds,
  parseWireDate,
  toWireDate,
  toWireDay,
  type EntityName,
  type Field,
  type FieldKind,
  type RelationKind,
} from '@hub/model';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLEnumType,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLScalarType,
} from 'graphql';
import type { EnumDef } from '@hub/model';

type FieldOf<K extends FieldKind> = Field & { kind: K };

/** What a column builder needs from the db layer. */
export interface ColumnEnv {
  /** The id column of an entity's table (for foreign keys). */
  idOf(entity: EntityName): AnyPgColumn;
  /** The id column of the `file` table. */
  fileId(): AnyPgColumn;
}

/** The shared GraphQL types a kind's fields are made of (graphql/common.ts, entity-types.ts). */
export interface GraphqlEnv {
  objectOf(entity: EntityName): GraphQLObjectType;
  enumOf(def: EnumDef): GraphQLEnumType;
  fileType: GraphQLObjectType;
  upload: GraphQLScalarType;
  referenceInput: GraphQLInputObjectType;
}

/** What writing a value needs beyond SQL. */
export interface WriteEnv {
  hashPassword(password: string): Promise<string>;
}

/** A value ready for SQL: the parameter and the type it is cast to. */
export interface SqlValue {
  value: unknown;
  cast?: string;
}

export interface ServerKind<K extends FieldKind> {
  /** The drizzle column of the entity's own table, or none when the kind lives in other tables. */
  column: { build(field: FieldOf<K>, column: string, env: ColumnEnv): PgColumnBuilderBase } | 'not a column';
  /** The entity whose row a value names (its input `<name>Id` must be a row the caller may read), or null. */
  rowOf: ((field: FieldOf<K>) => EntityName) | null;
  /** May `updateWhere` set it on many rows at once (one value for every row). */
  bulkUpdate: boolean;
  /** Its CSV export column: 'text', 'number' (numbers stay numbers), a label of the stored value, or none. */
  csv: 'text' | 'number' | { label(field: FieldOf<K>, value: unknown): string } | 'not exported';
  /** Extra indexes and checks: `lookup` an index on the column, `scope` one after the organisation. */
  index: { lookup: boolean; scope: boolean; check?(field: FieldOf<K>, column: string): SQL };
  graphql: {
    /** Output fields of a field named `name` (a reference gives `nameId` and `name`). */
    output(name: string, field: FieldOf<K>, env: GraphqlEnv): GraphQLFieldConfigMap<unknown, unknown>;
    /** Input fields of create and update. */
    input(name: string, field: FieldOf<K>, env: GraphqlEnv): GraphQLInputFieldConfigMap;
  };
  codec: {
    /** The wire value of column expression `col` inside jsonb_build_object; 'subquery' when crud/select.ts builds it from other rows. */
    select: ((col: string) => string) | 'subquery';
    /** A present (non-empty) wire value as written to the column; 'not a column' for kinds written elsewhere. */
    write: ((raw: unknown, env: WriteEnv) => SqlValue | Promise<SqlValue>) | 'not a column';
  };
  filter: {
    /** SQL type the compared values are cast to; null compares as text. */
    cast: string | null;
    /** The compared column expression. */
    column(col: string): string;
    /** Why a search term is not a value of this field, or null (the model's check by default). */
    check(field: FieldOf<K>, value: string): string | null;
    /** The term as compared, once checked. */
    term(value: string): string;
  };
}

const describe = (field: Field) => field.description ?? field.label;
const same = (v: string) => v;
const modelCheck =
  (kind: FieldKind) =>
  (_field: Field, value: string): string | null =>
    kinds[kind].checkSearchTerm(value);
const noIndex = { lookup: false, scope: false };

/** A kind stored as one column of a scalar GraphQL type. */
function scalar<K extends FieldKind>(
  kind: K,
  build: (field: FieldOf<K>, column: string) => PgColumnBuilderBase,
  type: GraphQLOutputType & GraphQLInputType,
  opts: {
    cast?: string;
    description?: string;
    select?: (col: string) => string;
    write?: (raw: unknown, env: WriteEnv) => SqlValue | Promise<SqlValue>;
    filterColumn?: (col: string) => string;
    term?: (v: string) => string;
    scopeIndex?: boolean;
    csv?: 'text' | 'number';
  } = {},
): ServerKind<K> {
  const description = (field: Field) => [describe(field), opts.description].filter(Boolean).join(': ') || undefined;
  return {
    column: { build: (field, column) => build(field, column) },
    rowOf: null,
    bulkUpdate: true,
    csv: opts.csv ?? 'text',
    index: { lookup: false, scope: !!opts.scopeIndex },
    graphql: {
      output: (name, field) => ({ [name]: { type, description: description(field) } }),
      input: (name, field) => ({ [name]: { type, description: description(field) } }),
    },
    codec: { select: opts.select ?? same, write: opts.write ?? ((raw) => ({ value: raw })) },
    filter: { cast: opts.cast ?? null, column: opts.filterColumn ?? same, check: modelCheck(kind), term: opts.term ?? same },
  };
}

const textKind = <K extends 'text' | 'textarea' | 'email' | 'url'>(kind: K) => scalar(kind, (_f, c) => text(c), GraphQLString);

const stamp = (column: string) => timestamp(column, { precision: 3, mode: 'string' });
const WIRE_STAMP = `'YYYY-MM-DD HH24:MI:SS'`;
/** A timestamp column as the wire format 'YYYY-MM-DD HH:mm:ss' (UTC). */
export const stampSql = (col: string) => `to_char(${col}, ${WIRE_STAMP})`;

/** A relation kind: its rows live in another table, rows of `targetOf(field)`. */
function relation<K extends RelationKind>(targetOf: (field: FieldOf<K>) => EntityName): ServerKind<K> & { codec: { select: 'subquery' } } {
  return {
    column: 'not a column',
    rowOf: null,
    bulkUpdate: false,
    csv: 'not exported',
    index: noIndex,
    graphql: {
      output: (name, field, env) => {
        const type = new GraphQLList(new GraphQLNonNull(env.objectOf(targetOf(field))));
        return { [name]: { type, description: describe(field) } };
      },
      input: (name, _field, env) => ({ [name]: { type: new GraphQLList(new GraphQLNonNull(env.referenceInput)) } }),
    },
    codec: { select: 'subquery' as const, write: 'not a column' },
    filter: { cast: null, column: same, check: () => 'not a stored field', term: same },
  };
}

const objectTypes = new Map<string, { type: GraphQLObjectType; keys: string }>();
/** The GraphQL type of a derived value: its value kind's scalar, or an object of texts named after the field ('Owner'). */
function derivedType(name: string, field: FieldOf<'derived'>, env: GraphqlEnv): GraphQLOutputType {
  if (field.of === 'integer') return GraphQLInt;
  if (field.of === 'boolean') return GraphQLBoolean;
  if (field.of === 'enum' && field.enum) return env.enumOf(field.enum);
  if (field.of !== 'object' || !('object' in field.from)) return GraphQLString;
  const keys = Object.keys(field.from.object);
  const typeName = name.charAt(0).toUpperCase() + name.slice(1);
  const known = objectTypes.get(typeName);
  if (known && known.keys !== keys.join()) throw new Error(`Two derived objects named ${typeName} differ`);
  if (known) return known.type;
  const type = new GraphQLObjectType({
    name: typeName,
    fields: Object.fromEntries(keys.map((k) => [k, { type: GraphQLString }])),
  });
  objectTypes.set(typeName, { type, keys: keys.join() });
  return type;
}

const table = {
  text: textKind('text'),
  textarea: textKind('textarea'),
  email: textKind('email'),
  url: textKind('url'),
  password: scalar('password', (_f, c) => text(c), GraphQLString, {
    select: () => 'NULL',
    write: async (raw, env) => ({ value: await env.hashPassword(String(raw)) }),
  }),
  integer: scalar('integer', (_f, c) => integer(c), GraphQLInt, { cast: 'int', csv: 'number' }),
  number: scalar('number', (_f, c) => doublePrecision(c), GraphQLFloat, { cast: 'double precision', csv: 'number' }),
  boolean: scalar(
    'boolean',
    (field, c) => (field.default !== undefined ? boolean(c).notNull().default(Boolean(field.default)) : boolean(c)),
    GraphQLBoolean,
    { cast: 'boolean', scopeIndex: true },
  ),
  date: scalar('date', (_f, c) => date(c, { mode: 'string' }), GraphQLString, {
    cast: 'date',
    description: "a day, as 'YYYY-MM-DD'",
    select: (col) => `to_char(${col}, 'YYYY-MM-DD')`,
    write: (raw) => ({ value: toWireDay(String(raw)), cast: 'date' }),
    term: (v) => toWireDay(v)!,
  }),
  datetime: scalar('datetime', (_f, c) => stamp(c), GraphQLString, {
    cast: 'timestamp',
    description: "'YYYY-MM-DD HH:mm:ss' (UTC)",
    select: stampSql,
    write: (raw) => ({ value: toWireDate(parseWireDate(String(raw))!), cast: 'timestamp' }),
    term: (v) => toWireDate(parseWireDate(v)!),
  }),
  enum: {
    column: { build: (_f, c) => text(c) },
    rowOf: null,
    bulkUpdate: true,
    csv: { label: (field, v) => enumLabel(field.enum, v as string) },
    index: {
      lookup: false,
      scope: true,
      check: (field, column) => {
        const values = Object.keys(field.enum.values)
          .map((v) => `'${v}'`)
          .join(', ');
        return sql.raw(`"${column}" IN (${values})`);
      },
    },
    graphql: {
      output: (name, field, env) => ({ [name]: { type: env.enumOf(field.enum), description: describe(field) } }),
      input: (name, field, env) => ({ [name]: { type: env.enumOf(field.enum), description: describe(field) } }),
    },
    codec: { select: same, write: (raw) => ({ value: raw }) },
    filter: {
      cast: null,
      column: same,
      check: (field, value) => {
        const values = Object.keys(field.enum.values);
        return values.includes(value) ? null : `'${value}' is not one of ${values.join(', ')}`;
      },
      term: same,
    },
  },
  json: scalar('json', (_f, c) => jsonb(c), GraphQLString, {
    select: (col) => `${col}::text`,
    write: (raw) => ({ value: typeof raw === 'string' ? raw : JSON.stringify(raw), cast: 'jsonb' }),
    filterColumn: (col) => `${col}::text`,
  }),
  file: {
    column: { build: (_f, c, env) => uuid(c).references(() => env.fileId(), { onDelete: 'set null' }) },
    // A file belongs to one row (downloads follow it): never one file for many rows.
    rowOf: null,
    bulkUpdate: false,
    csv: 'text',
    index: { lookup: true, scope: false },
    graphql: {
      output: (name, field, env) => ({
        [`${name}Id`]: { type: GraphQLID },
        [name]: { type: env.fileType, description: describe(field) },
      }),
      input: (name, field, env) => ({
        [`${name}Id`]: { type: GraphQLID, description: `An already uploaded ${field.label ?? name}` },
        [name]: { type: env.upload, description: `${field.label ?? name} as a file of the multipart request` },
      }),
    },
    codec: { select: 'subquery', write: (raw) => ({ value: raw, cast: 'uuid' }) },
    filter: { cast: 'uuid', column: same, check: modelCheck('file'), term: same },
  },
  reference: {
    column: {
      build: (field, c, env) => uuid(c).references(() => env.idOf(field.target), { onDelete: field.onDelete ?? 'set null' }),
    },
    rowOf: (field) => field.target,
    bulkUpdate: true,
    csv: 'text',
    index: { lookup: true, scope: false },
    graphql: {
      output: (name, field, env) => ({
        [`${name}Id`]: { type: GraphQLID },
        [name]: { type: env.objectOf(field.target), description: describe(field) },
      }),
      input: (name) => ({ [`${name}Id`]: { type: GraphQLID } }),
    },
    codec: { select: 'subquery', write: (raw) => ({ value: raw, cast: 'uuid' }) },
    filter: { cast: 'uuid', column: same, check: modelCheck('reference'), term: same },
  },
  children: relation<'children'>((field) => field.target),
  links: relation<'links'>((field) => field.target!),
  // Computed by crud/derived.ts inside the row's own statement; read-only, so never an input
  // unless a save hook writes it elsewhere (writtenByHook: a scalar of its value kind).
  derived: {
    column: 'not a column',
    rowOf: null,
    bulkUpdate: false,
    csv: 'not exported',
    index: noIndex,
    graphql: {
      output: (name, field, env) => ({ [name]: { type: derivedType(name, field, env), description: describe(field) } }),
      input: (name, field) =>
        field.writtenByHook
          ? {
              [name]: {
                type: field.of === 'integer' ? GraphQLInt : field.of === 'boolean' ? GraphQLBoolean : GraphQLString,
                description: describe(field),
              },
            }
          : {},
    },
    codec: { select: 'subquery', write: 'not a column' },
    // Its comparisons follow its value's kind (crud/conditions.ts).
    filter: { cast: null, column: same, check: () => null, term: same },
  },
} satisfies { [K in FieldKind]: ServerKind<K> };

/** Every kind's server behaviour. */
export const serverKinds: { readonly [K in FieldKind]: ServerKind<K> } = table;

/** Kinds whose value crud/select.ts builds from other rows (a file, a referenced row, child or link rows). */
export type SubqueryKind = { [K in FieldKind]: (typeof table)[K]['codec']['select'] extends 'subquery' ? K : never }[FieldKind];

/** The server behaviour of a field's kind. */
export const serverKindOf = (field: Field): ServerKind<FieldKind> => serverKinds[field.kind] as ServerKind<FieldKind>;

/** The filter of the `id` column (and of `<ref>Id` paths) and of `created`/`modified`. */
export const idFilter: ServerKind<FieldKind>['filter'] = serverKinds.reference.filter as ServerKind<FieldKind>['filter'];
export const stampFilter: ServerKind<FieldKind>['filter'] = serverKinds.datetime.filter as ServerKind<FieldKind>['filter'];
