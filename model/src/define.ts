import type { EnumDef } from './enums';
import type { EntityName } from './registry';

/** Every field kind the model knows; each has its behaviour in `kinds/`. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'password'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'json'
  | 'file'
  | 'reference'
  | 'children'
  | 'links'
  | 'derived';

export interface FieldBase {
  label?: string;
  required?: boolean;
  /** Shown but never written by clients (derived or server-managed). */
  readOnly?: boolean;
  /** Not shown in generic screens, still part of the API. */
  hidden?: boolean;
  /** Writable on create only. */
  immutable?: boolean;
  /** Checked by querying the same field: 'This value entered has already been used'. */
  unique?: boolean;
  /** Offered by the list screens' search box. */
  searchable?: boolean;
  /** Never returned by the API (passwords). */
  writeOnly?: boolean;
  /** Field order in generic screens (10-200). */
  order?: number;
  /** Attribute group (fieldset) in generic screens. */
  group?: string;
  minLength?: number;
  maxLength?: number;
  /** Server-side default on create. */
  default?: string | number | boolean;
  /** Column name override (snake_case of the field name otherwise). */
  column?: string;
  description?: string;
}

export interface ScalarField extends FieldBase {
  kind: 'text' | 'textarea' | 'email' | 'url' | 'password' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'json';
}
export interface EnumField<V extends string = string> extends FieldBase {
  kind: 'enum';
  enum: EnumDef<V>;
}
export interface FileField extends FieldBase {
  kind: 'file';
  /** Upload limit in bytes (1 MB = 1,000,000 bytes). */
  maxBytes?: number;
  /** Accepted content types (prefixes like 'image/' allowed). */
  accept?: readonly string[];
}
/**
 * Fields naming another entity take the name type `N`: `EntityName` (checked against the
 * registry) wherever an entity comes from the registry, `string` in the declarations the
 * registry is built from (the registry checks those names at compile time).
 */
export interface ReferenceField<T extends string = EntityName> extends FieldBase {
  kind: 'reference';
  target: T;
  /** What deleting the target does to this row. */
  onDelete?: 'cascade' | 'set null' | 'restrict';
}
/** The other side of a reference: rows of `target` whose `inverse` reference points here. */
export interface ChildrenField<T extends string = EntityName> extends FieldBase {
  kind: 'children';
  target: T;
  inverse: string;
}
/** Many-to-many through a link entity: `self` is the link's reference to this entity, `other` to the far side. */
export interface LinksField<T extends string = EntityName> extends FieldBase {
  kind: 'links';
  link: T;
  self: string;
  other: string;
  /** The far side's entity, filled in by the registry. */
  target?: T;
  minItems?: number;
}

/**
 * Where a derived field's value comes from: facts of the row itself, computed by the server
 * inside the list's one statement (never a column, never accepted as input).
 * - path: a stored field reached through references ('formVersion.form.name'), `default` when absent
 * - equals: whether a stored field of the row holds a value (a document's pendingApproval)
 * - object: an object of such paths, each a text (a submission's owner: email, firstName, surname)
 * - pointsHere: whether the reference a path ends at points back at this row, a boolean (an
 *   account's isPrimaryContact: 'memberOrganisation.primaryContact' is the account itself)
 * - rule: a named fact over the row's siblings or the rows pointing at it, one SQL expression
 *   per rule in the server (crud/derived.ts), on the entity DERIVED_RULE_ENTITY names
 */
export type DerivedSource =
  | { path: string; default?: string | number | boolean }
  | { equals: { field: string; value: string } }
  | { object: Record<string, string> }
  | { pointsHere: string }
  | { rule: DerivedRule };

/**
 * The named derived facts and the entity each belongs to (back-office.md section 4):
 * - formStatus: a form's 'Draft' | 'Published' (Draft without versions or when its published
 *   version is not its highest), text
 * - versionStatus: a version's 'Published version' | 'Draft' | 'Active version' (Draft when its
 *   number is the form's highest), text
 * - versionInUse: a submission was filled on the version, boolean
 * - accountActive: an account an administrator has not deactivated (its sign-in state is not
 *   inactive), boolean
 */
export const DERIVED_RULES = {
  formStatus: { entity: 'FormsEntity', of: 'text' },
  versionStatus: { entity: 'FormsEntityFormVersion', of: 'text' },
  versionInUse: { entity: 'FormsEntityFormVersion', of: 'boolean' },
  accountActive: { entity: 'MehubAccountEntity', of: 'boolean' },
} as const satisfies Record<string, { entity: string; of: DerivedOf }>;

export type DerivedRule = keyof typeof DERIVED_RULES;

/** The value kinds a derived field may have. */
export type DerivedOf = 'text' | 'integer' | 'boolean' | 'enum' | 'object';

/** A read-only field computed from the row and the rows it references (data-layer.md's derived fields). */
export interface DerivedField extends FieldBase {
  kind: 'derived';
  of: DerivedOf;
  /** The enumeration of an `of: 'enum'` value. */
  enum?: EnumDef;
  from: DerivedSource;
  /**
   * Also accepted in the entity's input type (a scalar of its value kind), for the entity's save
   * hook to write where the value comes from (an account's isPrimaryContact sets its
   * organisation's primaryContactId). The hook takes it out of the input before the model's
   * checks; everywhere else the field stays read-only (generic screens, bulk updates, samples).
   */
  writtenByHook?: boolean;
}

export type Field<N extends string = EntityName> =
  ScalarField | EnumField | FileField | ReferenceField<N> | ChildrenField<N> | LinksField<N> | DerivedField;

/**
 * Shared rows visible to some roles only: safety links with role permissions (a link with
 * permission rows shows only to roles holding one with canview), their permission rows (with
 * their link), and safety link sections (hidden when every link of theirs is).
 */
export type RoleScopeRule = 'safetyLinks' | 'safetyLinkPermissions' | 'safetyLinkSections';

/**
 * Which rows a member (MehubAccount) may see and change; administrators see everything.
 * - org: the row's reference `ref` is the caller's organisation
 * - self: the row is the caller's organisation
 * - via: the row is visible when the row it references through `ref` is visible
 * - shared: every signed-in user reads every row (writes per the matrix), less those its
 *   `byRole` rule keeps to some roles
 * - custom: a named rule in the server's access module (forms, form versions, submissions,
 *   documents, accounts, corrective actions, form photos: their uploader's, and those of submissions the caller reads)
 */
export type Scope =
  | { kind: 'org'; ref: string }
  | { kind: 'self' }
  | {
      kind: 'via';
      ref: string;
      /**
       * A member account reads only the rows whose `ref` is their own account (others of its
       * organisation, administrators and API tokens as the plain 'via'): what a colleague was
       * reminded of is theirs (reminder logs name records the reader may not open).
       */
      own?: true;
    }
  | {
      kind: 'shared';
      /**
       * Rows every signed-in user reads, except those the data restricts to some roles: a named
       * rule of the server's access module (server/src/access/role-scopes.ts), applied on every
       * path a row is read by (lists, counts, by id, nested selections, search conditions,
       * exports, the member pages). Administrators read them all.
       */
      byRole?: RoleScopeRule;
    }
  | { kind: 'custom'; rule: 'forms' | 'formVersions' | 'submissions' | 'documents' | 'accounts' | 'correctiveActions' | 'photos' };

/** An entity as the registry hands it out: its own name and every name it refers to are `EntityName`s. */
export interface EntityDef<N extends string = EntityName> {
  name: N;
  label: string;
  /** Plural label for list screens. */
  plural?: string;
  table: string;
  /** The field that names a record in pickers and titles. */
  display: string;
  fields: Record<string, Field<N>>;
  scope: Scope;
  /** Link entities join two others. */
  link?: { left: string; right: string };
  /** Deleting a row also deletes reminder logs whose entityID equals its id. */
  deletesReminderLogs?: boolean;
  /** Cross-field rules (e.g. a document's file xor link), run after the field checks. */
  rules?: readonly string[];
  /**
   * Reference lists (links or children fields) that keep a row from being deleted while they
   * hold any row: a document type used by documents, templates or forms.
   */
  inUseBy?: readonly string[];
  /** Field combinations no two rows share (a unique index each), e.g. a form's version numbers: [['form', 'version']]. */
  uniqueTogether?: readonly (readonly string[])[];
  /**
   * Further indexes, each a list of stored fields (`created` and `id` allowed), for the paths a
   * screen pages by: an account's timeline events by [['entity', 'created', 'id']].
   */
  indexes?: readonly (readonly string[])[];
  /** Creating, updating and deleting the entity's rows records timeline events (server/src/crud/timeline.ts). */
  timeline?: TimelineRecording;
  /**
   * Creates may carry a key chosen by the client (a UUID in the text field `key`, write-only
   * and immutable), so that a device resending a save it has no answer for makes no second
   * row: a create whose key the same account (the reference `per`, which a member's create
   * sets to themselves) already used returns the row the first create made, whatever else the
   * replay says, and runs no hook again. `uniqueTogether` must hold [per, key] (the database's
   * guard); server/src/crud/save.ts honours it (docs/offline.md).
   */
  idempotentCreate?: { key: string; per: string };
}

/**
 * Whose timeline a change of the entity's rows goes on (docs/timelines.md). The event goes on
 * the timeline of the account the row belongs to (`account`), and on the acting member's own
 * timeline when another member account made the change. An organisation's record (no
 * `account`) changed by an administrator goes on the organisation's primary contact
 * (`organisation`), the account that answers for the organisation's records.
 */
export interface TimelineRecording {
  /** 'self' (the row is an account), a path of references ending at an account ('licence.mehubAccount'), or null. */
  account: 'self' | string | null;
  /** For organisation records: a path of references ending at the organisation ('asset.memberOrganisation'). */
  organisation?: string;
  /** The path of the row's name in titles ('Asset Created: <name>'): the entity's display field when absent. */
  name?: string;
  /** What the events call the row ('Asset'): the entity's label when absent. */
  title?: string;
  /**
   * Saves that are milestones of the row get their own title: a save that sets boolean `field`
   * to true (created so, or changed to it) is '<title>: <name>' ('Form Completed: Incident Report').
   */
  milestones?: readonly { field: string; title: string }[];
  /**
   * A path to a boolean that keeps the row private to its owner until true ('isCompleted' of a
   * draft submission, which only its owner reads): no event tells of the row before then.
   */
  privateUntil?: string;
}

/** An entity of any name (a declaration before the registry checks it, or one made up by a test). */
export type AnyEntityDef = EntityDef<string>;

export function defineEntity<const E extends AnyEntityDef>(entity: E): E {
  return entity;
}

/** Keys that reach an object's prototype: never a field, a path segment or a key taken from a client. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** True when `key` is a string a client may use as a property name (not one of PROTOTYPE_KEYS). */
export const isSafeKey = (key: unknown): key is string => typeof key === 'string' && !PROTOTYPE_KEYS.has(key);

/**
 * The entity's own field called `name`, or undefined: never a property inherited from
 * Object.prototype (`toString`, `constructor`, `__proto__`). Every lookup by a name that
 * came from a request goes through here.
 */
export function fieldOf<N extends string>(entity: EntityDef<N>, name: unknown): Field<N> | undefined {
  return isSafeKey(name) && Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
}

type Opts = Omit<FieldBase, never>;

export const f = {
  text: <const O extends Opts>(o?: O) => ({ kind: 'text', ...o }) as { kind: 'text' } & O,
  textarea: <const O extends Opts>(o?: O) => ({ kind: 'textarea', ...o }) as { kind: 'textarea' } & O,
  email: <const O extends Opts>(o?: O) => ({ kind: 'email', ...o }) as { kind: 'email' } & O,
  url: <const O extends Opts>(o?: O) => ({ kind: 'url', ...o }) as { kind: 'url' } & O,
  password: <const O extends Opts>(o?: O) =>
    ({ kind: 'password', writeOnly: true, minLength: 12, maxLength: 128, ...o }) as { kind: 'password' } & O,
  integer: <const O extends Opts>(o?: O) => ({ kind: 'integer', ...o }) as { kind: 'integer' } & O,
  number: <const O extends Opts>(o?: O) => ({ kind: 'number', ...o }) as { kind: 'number' } & O,
  boolean: <const O extends Opts>(o?: O) => ({ kind: 'boolean', ...o }) as { kind: 'boolean' } & O,
  date: <const O extends Opts>(o?: O) => ({ kind: 'date', ...o }) as { kind: 'date' } & O,
  datetime: <const O extends Opts>(o?: O) => ({ kind: 'datetime', ...o }) as { kind: 'datetime' } & O,
  json: <const O extends Opts>(o?: O) => ({ kind: 'json', ...o }) as { kind: 'json' } & O,
  enum: <V extends string, const O extends Opts>(e: EnumDef<V>, o?: O) =>
    ({ kind: 'enum', enum: e, ...o }) as { kind: 'enum'; enum: EnumDef<V> } & O,
  file: <const O extends Omit<FileField, 'kind'>>(o?: O) => ({ kind: 'file', ...o }) as { kind: 'file' } & O,
  ref: <const T extends string, const O extends Omit<ReferenceField<string>, 'kind' | 'target'>>(target: T, o?: O) =>
    ({ kind: 'reference', target, ...o }) as { kind: 'reference'; target: T } & O,
  children: <const T extends string, const O extends Opts>(target: T, inverse: string, o?: O) =>
    ({ kind: 'children', target, inverse, ...o }) as { kind: 'children'; target: T; inverse: string } & O,
  derived: <const O extends Omit<DerivedField, 'kind' | 'readOnly'>>(o: O) =>
    ({ kind: 'derived', readOnly: true, ...o }) as { kind: 'derived'; readOnly: true } & O,
  links: <const L extends string, const O extends Omit<LinksField<string>, 'kind' | 'link' | 'self' | 'other' | 'target'>>(
    link: L,
    self: string,
    other: string,
    o?: O,
  ) => ({ kind: 'links', link, self, other, ...o }) as { kind: 'links'; link: L; self: string; other: string } & O,
};

/** A link entity: two required references, named as the spec names them (formsId, memberOrganisationsId). */
export function defineLink<const N extends string, const T extends string, const L extends string, const R extends string>(
  name: N,
  table: T,
  left: [string, L],
  right: [string, R],
) {
  return defineEntity({
    name,
    label: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
    table,
    display: 'id',
    fields: {
      [left[0]]: { kind: 'reference', target: left[1], required: true, onDelete: 'cascade' },
      [right[0]]: { kind: 'reference', target: right[1], required: true, onDelete: 'cascade' },
    } as Record<string, ReferenceField<L | R>>,
    scope: { kind: 'via', ref: left[0] },
    link: { left: left[0], right: right[0] },
  });
}

export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** Names of the GraphQL operations of an entity, derived from its name as the spec does. */
export function opNames(entity: string) {
  const lower = lowerFirst(entity);
  return {
    type: entity,
    input: `${entity}Input`,
    byId: lower,
    list: `${lower}s`,
    count: `count${entity}s`,
    conditional: `${lower}sConditional`,
    countConditional: `count${entity}sConditional`,
    create: `create${entity}`,
    update: `update${entity}`,
    delete: `delete${entity}`,
    deleteConditional: `delete${entity}sConditional`,
    updateConditional: `update${entity}sConditional`,
    inputArg: `${lower}Models`,
    idsArg: `${lower}Ids`,
  };
}

/**
 * The reference that says whose a new row is: its organisation, or the account or row it
 * belongs to (the entity's scope). Members' rows get it from the caller; an administrator
 * must choose it, so that no row is left without an organisation. Null for shared entities.
 */
export function ownerReference(entity: AnyEntityDef): string | null {
  const s = entity.scope;
  if (s.kind === 'org' || s.kind === 'via') return s.ref;
  if (s.kind === 'custom' && s.rule === 'documents') return 'memberOrganisation';
  if (s.kind === 'custom' && (s.rule === 'submissions' || s.rule === 'photos')) return 'mehubAccount';
  if (s.kind === 'custom' && s.rule === 'correctiveActions') return 'memberOrganisation';
  return null;
}
