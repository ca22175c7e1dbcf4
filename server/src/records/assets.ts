import {
  ASSET_OUT_OF_SERVICE_WRITABLE,
  getEntity,
  inputKey,
  isUuid,
  kinds,
  nextInspectionDate,
  parseWireDate,
  recordMessages,
  type Field,
} from '@hub/model';
import { fieldRefusal } from '../access/records';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord, listRecords } from '../crud/list';
import { ancestorIds, clearRelations } from '../crud/relation-clear';
import type { Selection } from '../crud/select';
import { SYSTEM_CALLER } from '../crud/system';
import type { Db } from '../db/client';
import { givenIds, sameSet, storedLinks } from './stored';

/**
 * Asset rules (member-site.md section 4, data-layer.md section 4), whatever the client sends:
 * - an out-of-service asset changes only its status;
 * - saved out of service, an asset loses its child assets, its parent and its assignees;
 * - a child/parent link joins two assets of one organisation, the child in service and
 *   without another parent, never the asset itself or one of its ancestors (no cycles);
 * - assignees are accounts of the asset's organisation;
 * - the next inspection is the last inspection plus the inspection frequency (kept as given
 *   for N/A or without a last inspection).
 */

const ASSET = 'AssetEntity';
const OUT = 'OUT_OF_SERVICE';
const IN = 'IN_SERVICE';
/** Ancestor walks stop here: a chain this long is a cycle already refused, or bad data. */
const MAX_DEPTH = 1000;

interface StoredAsset {
  status: string;
  parentId: string | null;
  organisationId: string | null;
  lastInspection: string | null;
  inspectionFrequency: string | null;
  /** Every stored field's value by input key, as text (dates 'YYYY-MM-DD'). */
  values: Record<string, string | null>;
}

interface State {
  stored?: StoredAsset | null;
  clearLinks?: boolean;
}

/** Every stored field of an asset by input key (references and files by id). */
function storedSelection(): Selection {
  const sel: Selection = {};
  for (const [name, field] of Object.entries(getEntity(ASSET).fields)) if (kinds[field.kind].stored) sel[inputKey(name, field)] = true;
  return sel;
}

async function loadStored(db: Db, id: string): Promise<StoredAsset | null> {
  const row = (await getRecord(db, SYSTEM_CALLER, getEntity(ASSET), id, storedSelection())) as Record<string, unknown> | null;
  if (!row) return null;
  const values: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(row)) values[key] = value === null || value === undefined ? null : String(value);
  return {
    status: values.status ?? IN,
    parentId: values.parentAssetId ?? null,
    organisationId: values.memberOrganisationId ?? null,
    lastInspection: values.lastInspection ?? null,
    inspectionFrequency: values.inspectionFrequency ?? null,
    values,
  };
}

/** A stored value and an input value are the same (empty is empty; dates by day; moments by time). */
function sameValue(field: Field, stored: string | null, given: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(stored) || blank(given)) return blank(stored) && blank(given);
  if (field.kind === 'date') return String(stored).slice(0, 10) === String(given).slice(0, 10);
  if (field.kind === 'datetime') {
    const a = parseWireDate(String(stored)) ?? new Date(String(stored));
    const b = parseWireDate(String(given)) ?? new Date(String(given));
    return a.getTime() === b.getTime();
  }
  if (field.kind === 'boolean') return String(stored) === String(given === true || given === 'true');
  return String(stored) === String(given);
}

/** The fields of `input` that differ from the stored asset `id` (its status and id aside). */
async function changedFields(db: Db, id: string, stored: StoredAsset, input: Record<string, unknown>): Promise<string[]> {
  const entity = getEntity(ASSET);
  const changed: string[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    const key = inputKey(name, field);
    if (ASSET_OUT_OF_SERVICE_WRITABLE.includes(key) || field.readOnly || field.kind === 'derived') continue;
    if (field.kind === 'links' || field.kind === 'children') {
      const given = givenIds(input, name);
      if (given === null) continue;
      if (!sameSet(given, await storedLinks(db, ASSET, name, id))) changed.push(name);
      continue;
    }
    const present = Object.hasOwn(input, key) || (field.kind === 'file' && Object.hasOwn(input, name));
    if (present && !sameValue(field, stored.values[key] ?? null, input[key] ?? input[name])) changed.push(key);
  }
  return changed;
}

/** `start` and the assets above it, following parentAssetId (start first). */
const chainUp = (db: Db, start: string) => ancestorIds(db, ASSET, 'parentAsset', start, MAX_DEPTH);

interface Linked {
  id: string;
  status: string;
  parentAssetId: string | null;
  memberOrganisationId: string | null;
}

/**
 * The assets `ids` the caller may see (the others are refused afterwards by the reference
 * check as not existing, so no rule here tells of another organisation's rows).
 */
async function assets(ctx: SaveHookContext, ids: string[]): Promise<Map<string, Linked>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (!valid.length) return new Map();
  const rows = (await listRecords(
    ctx.tx,
    ctx.caller,
    getEntity(ASSET),
    { ids: valid },
    {
      id: true,
      status: true,
      parentAssetId: true,
      memberOrganisationId: true,
    },
  )) as Linked[];
  return new Map(rows.map((r) => [r.id, { ...r, status: r.status ?? IN }]));
}

/** The organisation the asset will belong to once saved. */
function organisationOf(ctx: SaveHookContext, stored: StoredAsset | null): string | null {
  const given = ctx.input.memberOrganisationId;
  if (typeof given === 'string' && given) return given;
  return stored?.organisationId ?? ctx.caller?.organisationId ?? null;
}

async function checkParent(ctx: SaveHookContext, org: string | null, status: string): Promise<void> {
  const parentId = ctx.input.parentAssetId;
  if (typeof parentId !== 'string' || !parentId) return;
  if (parentId === ctx.id) throw fieldRefusal('parentAssetId', recordMessages.assetChildSelf);
  if (status !== IN) throw fieldRefusal('parentAssetId', recordMessages.assetParentOutOfService);
  const parent = (await assets(ctx, [parentId])).get(parentId);
  if (!parent) return; // the reference check says it does not exist
  if (parent.memberOrganisationId !== org) throw fieldRefusal('parentAssetId', recordMessages.assetOtherOrganisation);
  if (parent.status !== IN) throw fieldRefusal('parentAssetId', recordMessages.assetParentNotInService);
  if (ctx.id && (await chainUp(ctx.tx, parentId)).includes(ctx.id)) throw fieldRefusal('parentAssetId', recordMessages.assetChildCycle);
}

async function checkChildren(ctx: SaveHookContext, org: string | null, stored: StoredAsset | null): Promise<void> {
  const given = givenIds(ctx.input, 'assetss');
  if (!given?.length) return;
  if (ctx.id && given.includes(ctx.id)) throw fieldRefusal('assetss', recordMessages.assetChildSelf);
  const parentId = Object.hasOwn(ctx.input, 'parentAssetId') ? (ctx.input.parentAssetId as string | null) : (stored?.parentId ?? null);
  const ancestors = new Set(parentId ? await chainUp(ctx.tx, parentId) : []);
  const found = await assets(ctx, given);
  for (const id of given) {
    const child = found.get(id);
    if (!child) continue; // the reference check says it does not exist
    if (ancestors.has(id)) throw fieldRefusal('assetss', recordMessages.assetChildCycle);
    if (child.memberOrganisationId !== org) throw fieldRefusal('assetss', recordMessages.assetOtherOrganisation);
    if (child.status !== IN) throw fieldRefusal('assetss', recordMessages.assetChildOutOfService);
    if (child.parentAssetId && child.parentAssetId !== ctx.id) throw fieldRefusal('assetss', recordMessages.assetChildTaken);
  }
}

async function checkAssignees(ctx: SaveHookContext, org: string | null): Promise<void> {
  const given = givenIds(ctx.input, 'mehubAccountss');
  if (!given?.length) return;
  // Among the accounts the caller may see (the reference check refuses the others).
  const valid = [...new Set(given.filter(isUuid))];
  if (!valid.length) return;
  const rows = (await listRecords(ctx.tx, ctx.caller, getEntity('MehubAccountEntity'), { ids: valid }, { memberOrganisationId: true })) as {
    memberOrganisationId: string | null;
  }[];
  if (rows.some((r) => r.memberOrganisationId !== org)) throw fieldRefusal('mehubAccountss', recordMessages.assetAssigneeOrganisation);
}

/** The next inspection from the last and the frequency, over what the client sent. */
function computeNextInspection(ctx: SaveHookContext, stored: StoredAsset | null): void {
  const { input } = ctx;
  const touched = ['lastInspection', 'inspectionFrequency', 'nextInspection'].some((k) => Object.hasOwn(input, k));
  if (ctx.mode === 'update' && !touched) return;
  const last = Object.hasOwn(input, 'lastInspection') ? (input.lastInspection as string | null) : (stored?.lastInspection ?? null);
  const frequency = Object.hasOwn(input, 'inspectionFrequency')
    ? ((input.inspectionFrequency as string | null) ?? null)
    : ctx.mode === 'create'
      ? (getEntity(ASSET).fields.inspectionFrequency.default as string)
      : stored?.inspectionFrequency;
  const next = nextInspectionDate(typeof last === 'string' ? last : null, frequency);
  if (next !== undefined) input.nextInspection = next;
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  const stored = ctx.mode === 'update' && ctx.id ? await loadStored(ctx.tx, ctx.id) : null;
  state.stored = stored;
  if (stored?.status === OUT) {
    const changed = await changedFields(ctx.tx, ctx.id!, stored, ctx.input);
    if (changed.length) throw fieldRefusal(changed[0], recordMessages.assetOutOfService);
  }
  const status = typeof ctx.input.status === 'string' ? ctx.input.status : (stored?.status ?? IN);
  if (status === OUT) {
    // Out of service: no parent, no children, no assignees, whatever was sent.
    ctx.input.parentAssetId = null;
    delete ctx.input.assetss;
    delete ctx.input.mehubAccountss;
    state.clearLinks = true;
  }
  const org = organisationOf(ctx, stored);
  await checkParent(ctx, org, status);
  await checkChildren(ctx, org, stored);
  await checkAssignees(ctx, org);
  computeNextInspection(ctx, stored);
}

async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  if (!state.clearLinks || !ctx.id) return;
  await clearRelations(ctx.tx, ASSET, ctx.id, ['assetss', 'mehubAccountss']);
}

export const assetHooks: SaveHooks = { beforeWrite, afterWrite };

/** Of the assets `ids`, whether one the caller may see is out of service (another organisation's are left to the reference check). */
async function anyOutOfService(ctx: SaveHookContext, ids: string[]): Promise<boolean> {
  return [...(await assets(ctx, ids)).values()].some((a) => a.status === OUT);
}

/**
 * An out-of-service asset's attachments are read-only like its other fields: no attachment row
 * is added to one, moved to or from one, or re-filed, whatever path saves it
 * (createAssetAttachmentsEntity, multipart uploads, bulk updates).
 */
async function attachmentBeforeWrite(ctx: SaveHookContext): Promise<void> {
  const ids: string[] = [];
  if (typeof ctx.input.assetId === 'string') ids.push(ctx.input.assetId);
  if (ctx.mode === 'update' && ctx.id) {
    const row = (await getRecord(ctx.tx, SYSTEM_CALLER, getEntity('AssetAttachmentsEntity'), ctx.id, { assetId: true })) as {
      assetId: string | null;
    } | null;
    if (row?.assetId) ids.push(row.assetId);
  }
  if (await anyOutOfService(ctx, ids)) throw fieldRefusal('assetId', recordMessages.assetOutOfService);
}

export const assetAttachmentHooks: SaveHooks = { beforeWrite: attachmentBeforeWrite };

/**
 * Assignees of an asset are also written from the account's side (`assetss` of an account): an
 * out-of-service asset gets none that way either (member-site.md section 4: saving one out of
 * service clears its assignees, and nothing but its status changes afterwards).
 */
export async function assertNoOutOfServiceAssignment(ctx: SaveHookContext): Promise<void> {
  const given = givenIds(ctx.input, 'assetss');
  if (!given?.length) return;
  const have = ctx.mode === 'update' && ctx.id ? await storedLinks(ctx.tx, 'MehubAccountEntity', 'assetss', ctx.id) : [];
  const added = given.filter((id) => !have.includes(id));
  if (await anyOutOfService(ctx, added)) throw fieldRefusal('assetss', recordMessages.assetOutOfService);
}
