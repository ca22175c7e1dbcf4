import { getEntity, inputKey, isRelation, type EntityDef, type Field, type RelationKind } from '@hub/model';
import { serverKindOf } from '../kinds';
import type { Params } from '../db/params';
import type { Db } from '../db/client';
import { isAdministrator, type Caller } from './caller';
import { assertChildrenWrite, assertOwnParent } from './children';
import { assertFieldWrites } from './fields';
import { assertFileRefs } from './files';
import { replayOf } from './idempotency';
import { assertOwnerChosen, createInput } from './owner';
import { assertStillOwned, assertVisible, lockWritable } from './row-checks';
import { assertAllowed } from './rules';
import { scopeSql } from './scope';

type Input = Record<string, unknown>;

/**
 * Everything the access module decides about one save of `entity` by `caller`: the crud's
 * save asks it at each step and never reads the scope itself. Built once per save
 * (planWrite); every check throws the error the client is shown.
 */
export interface WritePlan {
  readonly entity: EntityDef;
  readonly caller: Caller | null;
  readonly mode: 'create' | 'update';
  /** Administrators write every row and every field; members are held to their own. */
  readonly admin: boolean;
  /**
   * A new row as the caller may create it (`input`: the client's, explicit nulls dropped):
   * the member's defaults (their organisation, themselves) and forced values, plus
   * `relations`, lists written afterwards with the crud's own rights.
   */
  createInput(input: Input): { input: Input; relations: Input | null };
  /**
   * Create: the row an earlier create with the same idempotency key by the same account made
   * (EntityDef.idempotentCreate), else null; a malformed key is refused (idempotency.ts).
   */
  replayOf(db: Db, input: Input): Promise<string | null>;
  /** Update: locks the row when the caller may change it, else 404. */
  lockRow(db: Db, id: string): Promise<void>;
  /** Field rules before the entity's hooks (user accounts: passwords, roles, emails). `id`: the row updated. */
  checkFields(db: Db, input: Input, id: string | null): Promise<void>;
  /** After the hooks: every reference and file the input names is readable, and the row it hangs off is the caller's own. */
  checkReferences(db: Db, input: Input, id: string | null): Promise<void>;
  /** A reference list `name` of row `id` set to `ids` (`merge`: added to what is there). */
  checkRelation(db: Db, name: string, id: string, ids: string[], merge: boolean): Promise<void>;
  /** The rows of `target` the caller's relation writes may touch, as SQL on `alias` (null: every row). */
  relationScope(target: EntityDef, alias: string, params: Params): string | null;
  /** Before commit: the rows written are still the caller's (not moved to, nor shared with, another organisation). */
  checkKept(db: Db, ids: string[]): Promise<void>;
}

interface RelationWrite {
  db: Db;
  caller: Caller | null;
  entity: EntityDef;
  name: string;
  id: string;
  ids: string[];
  merge: boolean;
}
type RelationCheck<K extends RelationKind> = (w: RelationWrite, field: Field & { kind: K }) => Promise<void>;

/** The checks of a relation write, per relation kind: the rights on the rows written and their visibility. */
const relationChecks: { [K in RelationKind]: RelationCheck<K> } = {
  async links({ db, caller, name, ids, merge }, field) {
    assertAllowed(caller, getEntity(field.link), merge ? 'create' : 'update');
    await assertVisible(db, caller, getEntity(field.target!), ids, name);
  },
  async children({ db, caller, entity, name, id, ids }, field) {
    assertAllowed(caller, getEntity(field.target), 'update');
    await assertVisible(db, caller, getEntity(field.target), ids, name);
    // The children's own rules (hooks, ownership) and rows they came from (children.ts).
    await assertChildrenWrite(db, caller, entity, name, id, ids);
  },
};

/** The write plan of one save: the matrix is checked at once (a refusal before any database work). */
export function planWrite(entity: EntityDef, caller: Caller | null, mode: 'create' | 'update'): WritePlan {
  assertAllowed(caller, entity, mode);
  return {
    entity,
    caller,
    mode,
    admin: isAdministrator(caller),
    createInput: (input) => createInput(entity, caller, input),
    replayOf: (db, input) => replayOf(db, caller, entity, input),
    lockRow: (db, id) => lockWritable(db, caller, entity, id),
    checkFields: (db, input, id) => assertFieldWrites(db, caller, entity, input, id === null ? null : [id]),
    async checkReferences(db, input, id) {
      if (mode === 'create') await assertOwnerChosen(db, caller, entity, input);
      for (const [name, field] of Object.entries(entity.fields)) {
        const rowOf = serverKindOf(field).rowOf;
        const key = inputKey(name, field);
        if (rowOf && typeof input[key] === 'string' && !(mode === 'update' && field.readOnly))
          await assertVisible(db, caller, getEntity(rowOf(field)), [input[key] as string], key);
      }
      await assertFileRefs(db, caller, entity, input, mode, id);
      await assertOwnParent(db, caller, entity, input);
    },
    async checkRelation(db, name, id, ids, merge) {
      const field = entity.fields[name];
      if (isRelation(field))
        await (relationChecks[field.kind] as RelationCheck<RelationKind>)({ db, caller, entity, name, id, ids, merge }, field);
    },
    relationScope: (target, alias, params) => scopeSql(target, alias, caller, params),
    checkKept: (db, ids) => assertStillOwned(db, caller, entity, ids),
  };
}
