import { getEntity, isUuid } from '@hub/model';
import { parseFormDefinition } from '@hub/model/forms';
import { formStatus } from '@hub/model/forms/versions';
import { lockWritable } from '../access/row-checks';
import { NotFoundError, ValidationError } from '../core/errors';
import type { DeleteHookContext, SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord, listRecords } from '../crud/list';
import { SYSTEM_CALLER, systemUpdate } from '../crud/system';
import type { Db } from '../db/client';

export const formVersionMessages = {
  invalid: (reason: string) => `The form definition is not valid: ${reason}`,
  published: 'A published version cannot be changed: save it as a new version',
  inUse: 'This version has submissions filled in on it and cannot be changed: save it as a new version',
  archivePublished: 'The published version cannot be archived: publish another version first',
  publishFlag: 'publishVersion must be true or false',
  otherForm: 'A form version stays with its form: save a new version of the other form instead',
} as const;

const VERSIONS = () => getEntity('FormsEntityFormVersion');
const FORMS = () => getEntity('FormsEntity');

/** No definition yet: the designer may keep a version without form data. */
const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

interface State {
  /** publishVersion as given (taken out of the input): true publishes the saved version. */
  publish?: boolean;
  formId?: string;
}

interface StoredVersion {
  formId: string;
  formData: string | null;
  active: boolean | null;
  publishVersion: boolean;
  inUse: boolean;
}

const refuse = (path: string, message: string) => new ValidationError([{ path, code: 'invalid', message }]);

/** A JSON value (or JSON text) with object keys in order, for comparing definitions whatever their spacing and key order. */
function canonical(v: unknown): string {
  const value = typeof v === 'string' ? safeParse(v) : v;
  const sort = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sort)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, sort((x as Record<string, unknown>)[k])]),
          )
        : x;
  return JSON.stringify(sort(value)) ?? 'null';
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A form version's formData must be a form definition the filler, the server's submission
 * checks and the PDF can read: whatever saves it (the designer, GraphQL, REST, seeds), a
 * malformed one is refused with the parser's message, which names the faulty path.
 * publishVersion is taken out of the input (it is the form's publishedVersionId, written
 * after the row); a new version's number is the server's, set under the form's lock.
 * An update takes its form's row lock here, before the save locks the version's own row: every
 * writer of a form's versions (saves, discardDraft, promoteActiveVersion) locks the form first,
 * so a publish racing a discard or a promote waits instead of deadlocking on PostgreSQL.
 */
async function prepare(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  if (ctx.mode === 'update' && isUuid(ctx.input.id)) await lockFormOf(ctx.tx, ctx.input.id);
  if (Object.hasOwn(ctx.input, 'publishVersion')) {
    const value = ctx.input.publishVersion;
    delete ctx.input.publishVersion;
    if (value !== null && value !== undefined) {
      if (typeof value !== 'boolean') throw refuse('publishVersion', formVersionMessages.publishFlag);
      state.publish = value;
    }
  }
  // Version numbers are given by the server (beforeWrite) and never renumbered.
  if (ctx.mode === 'create') ctx.input.version = 1;
  else delete ctx.input.version;
  if (!('formData' in ctx.input) || isEmpty(ctx.input.formData)) return;
  const parsed = parseFormDefinition(ctx.input.formData);
  if (!parsed.ok) throw refuse('formData', formVersionMessages.invalid(parsed.message));
}

/** Locks the form of the version `id` (its form never changes); nothing when there is no such version. */
async function lockFormOf(tx: Db, id: string): Promise<void> {
  const version = (await getRecord(tx, SYSTEM_CALLER, VERSIONS(), id, { formId: true })) as { formId: string | null } | null;
  if (!version?.formId) return; // the save's own lock answers an unknown id
  try {
    await lockWritable(tx, SYSTEM_CALLER, FORMS(), version.formId);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  if (ctx.mode === 'create') {
    const formId = ctx.input.formId;
    if (!isUuid(formId)) return; // the model's checks and the reference check answer
    try {
      // Concurrent creates of one form wait here, so each takes the next number.
      await lockWritable(ctx.tx, SYSTEM_CALLER, FORMS(), formId);
    } catch (err) {
      if (err instanceof NotFoundError) return; // the reference check names the unknown form
      throw err;
    }
    state.formId = formId;
    ctx.input.version = (await highestVersion(ctx.tx, formId)) + 1;
    if (state.publish) {
      if (ctx.input.active === false) throw refuse('active', formVersionMessages.archivePublished);
      ctx.input.active = true;
    }
    return;
  }
  const stored = (await getRecord(ctx.tx, SYSTEM_CALLER, VERSIONS(), ctx.id!, {
    formId: true,
    formData: true,
    active: true,
    publishVersion: true,
    inUse: true,
  })) as StoredVersion | null;
  if (!stored) return;
  state.formId = stored.formId;
  if (Object.hasOwn(ctx.input, 'formId') && ctx.input.formId !== stored.formId) throw refuse('formId', formVersionMessages.otherForm);
  if (Object.hasOwn(ctx.input, 'formData') && canonical(ctx.input.formData ?? null) !== canonical(stored.formData)) {
    if (stored.publishVersion) throw refuse('formData', formVersionMessages.published);
    if (stored.inUse) throw refuse('formData', formVersionMessages.inUse);
  }
  const published = state.publish === true || stored.publishVersion;
  if (published && ctx.input.active === false) throw refuse('active', formVersionMessages.archivePublished);
  if (state.publish && !stored.active) ctx.input.active = true;
  if (state.publish && stored.publishVersion) state.publish = undefined;
}

async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  if (!state.formId || !ctx.id) return;
  if (state.publish) await systemUpdate(ctx.tx, 'FormsEntity', state.formId, { publishedVersion: ctx.id }, { touch: true });
  await syncFormDraft(ctx.tx, state.formId);
}

/** Deleting versions changes their forms' status: isDraft follows what will remain. */
async function beforeDelete(ctx: DeleteHookContext): Promise<void> {
  const gone = new Set(ctx.ids);
  const rows = (await listRecords(
    ctx.tx,
    SYSTEM_CALLER,
    VERSIONS(),
    { ids: [...gone], take: gone.size },
    {
      formId: true,
    },
  )) as { formId: string }[];
  for (const formId of new Set(rows.map((r) => r.formId))) {
    const form = await versionsOf(ctx.tx, formId);
    if (!form) continue;
    const kept = form.formVersions.filter((v) => !gone.has(v.id));
    const publishedVersionId = form.publishedVersionId && !gone.has(form.publishedVersionId) ? form.publishedVersionId : null;
    const isDraft = formStatus({ publishedVersionId, formVersions: kept }) === 'Draft';
    if (isDraft !== form.isDraft) await systemUpdate(ctx.tx, 'FormsEntity', formId, { isDraft });
  }
}

/** The highest version number of a form, 0 without versions. */
async function highestVersion(db: Db, formId: string): Promise<number> {
  const [top] = (await listRecords(
    db,
    SYSTEM_CALLER,
    VERSIONS(),
    { where: [{ path: 'formId', comparison: 'equal', value: [formId] }], orderBy: [{ path: 'version', descending: true }], take: 1 },
    { version: true },
  )) as { version: number }[];
  return top?.version ?? 0;
}

export interface FormVersionRow {
  id: string;
  version: number;
  created: string;
  modified: string;
  active: boolean | null;
  status: string;
  inUse: boolean;
}

export interface FormWithVersions {
  id: string;
  isDraft: boolean;
  status: string;
  publishedVersionId: string | null;
  formVersions: FormVersionRow[];
}

/** A form's published version and its versions (lowest number first), or null when there is no such form. */
export async function versionsOf(db: Db, formId: string): Promise<FormWithVersions | null> {
  const form = (await getRecord(db, SYSTEM_CALLER, FORMS(), formId, {
    id: true,
    isDraft: true,
    status: true,
    publishedVersionId: true,
    formVersions: { id: true, version: true, created: true, modified: true, active: true, status: true, inUse: true },
  })) as FormWithVersions | null;
  if (form) form.formVersions.sort((a, b) => a.version - b.version || a.created.localeCompare(b.created));
  return form;
}

/** Keeps FormsEntity.isDraft equal to the form's status (back-office.md section 4) after its versions change. */
export async function syncFormDraft(db: Db, formId: string): Promise<void> {
  const form = (await getRecord(db, SYSTEM_CALLER, FORMS(), formId, { isDraft: true, status: true })) as {
    isDraft: boolean;
    status: string;
  } | null;
  if (!form) return;
  const isDraft = form.status === 'Draft';
  if (form.isDraft !== isDraft) await systemUpdate(db, 'FormsEntity', formId, { isDraft });
}

export const versionHooks: SaveHooks = { prepare, beforeWrite, afterWrite, beforeDelete };
