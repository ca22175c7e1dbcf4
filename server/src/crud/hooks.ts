import { GROUPS, type EntityDef, type EntityName } from '@hub/model';
import type { Caller } from '../access/caller';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';
import type { SaveEnv } from './values';

/**
 * Entity save hooks: workflow rules of one entity that run inside saveRecords, in its
 * transaction, so that every path that saves the entity (GraphQL, REST, seeds) obeys them.
 * Registered once per entity name; saveRecords calls them for each input in order.
 */

/** What hooks may use after the transaction has committed (mail); provided by the app per database. */
export interface HookServices {
  mailer: Mailer;
  /** The address people reach the hub at, for links in mail. */
  publicUrl: string;
  log: (msg: string, err?: unknown) => void;
  /** Where uploaded files are kept: a delete's hooks remove the contents of the files they dropped. */
  storage?: FileStorage;
}

export interface SaveHookContext {
  /** The save transaction. */
  tx: Db;
  env: SaveEnv;
  caller: Caller | null;
  entity: EntityDef;
  mode: 'create' | 'update';
  /** Position of this input in the list saved (for error paths). */
  index: number;
  /** The input as it will be written: hooks may change it. */
  input: Record<string, unknown>;
  /** The record: the id being updated, or after the write the id created. */
  id: string | null;
  /** Scratch space shared by the hook's phases for this one input. */
  state: Record<string, unknown>;
  /**
   * The title of this save's timeline event when the hook knows better than the field changes
   * ('Form Reviewed'); the entity's milestones and its default title otherwise (crud/timeline.ts).
   */
  timelineTitle?: string;
  /** Lines the hook adds to this save's timeline event after 'By ...' (a review: its outcome and comments). */
  timelineLines?: string[];
  /** Runs `fn` once the transaction has committed (never when it rolls back). */
  afterCommit(fn: (services: HookServices | undefined) => Promise<void>): void;
}

export interface SaveHooks {
  /** Before the model's own checks of the input: normalise or refuse it. */
  prepare?(ctx: SaveHookContext): void | Promise<void>;
  /** After the model's checks and the caller's scope check, before the row is written. */
  beforeWrite?(ctx: SaveHookContext): Promise<void>;
  /** After the row (and its relations) are written, still in the transaction; ctx.id is set. */
  afterWrite?(ctx: SaveHookContext): Promise<void>;
  /**
   * Before rows `ids` (locked, in the caller's write scope, past the delete rules of
   * access/records.ts) are deleted, in the delete's transaction: refuse, or update what the
   * removal changes (a licence an attachment is taken from).
   */
  beforeDelete?(ctx: DeleteHookContext): Promise<void>;
}

export interface DeleteHookContext {
  tx: Db;
  caller: Caller | null;
  entity: EntityDef;
  ids: readonly string[];
  /**
   * Storage keys of file rows the hook dropped in the transaction: their contents are removed
   * from storage once the delete has committed (never when it rolls back).
   */
  removeFilesAfterCommit(keys: readonly string[]): void;
}

const registry = new Map<string, SaveHooks>();
const services = new WeakMap<Db, HookServices>();

/** Registers the hooks of an entity (a second registration replaces the first). */
export function registerSaveHooks(entityName: EntityName, hooks: SaveHooks): void {
  registry.set(entityName, hooks);
}

export function saveHooksOf(entityName: string): SaveHooks | undefined {
  return registry.get(entityName);
}

/** The app gives the hooks of saves on `db` its mailer and public address. */
export function provideHookServices(db: Db, given: HookServices): void {
  services.set(db, given);
}

export function hookServicesOf(db: Db): HookServices | undefined {
  return services.get(db);
}

/**
 * The crud's own caller for side effects a hook performs once the caller's rights are
 * checked (removing the caller's other drafts, recording a review): every row, no matrix.
 */
export const SYSTEM_CALLER: Caller = {
  userId: '00000000-0000-4000-8000-000000000000',
  kind: 'admin',
  groups: [GROUPS.superAdministrators],
  role: null,
  roleId: null,
  organisationId: null,
  email: 'system',
};
