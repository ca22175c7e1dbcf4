import { getEntity, inputKey, isUuid, type EntityName, type LinksField } from '@hub/model';
import { assertMayAttach, type AttachKind } from '../access/attach';
import { isAdministrator, type Caller } from '../access/caller';
import { ValidationError } from '../core/errors';
import type { Where } from '../crud/conditions';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord, listRecords } from '../crud/list';
import { SYSTEM_CALLER } from '../crud/hooks';
import type { Db } from '../db/client';

/** The most documents or assets one form's draft may carry (a bounded input: a longer list is refused). */
export const ATTACH_MAX = 200;

export const attachMessages = {
  formNotFound: 'The form does not exist or is not available to you',
  noVersion: 'There is no published version for this form.',
  tooMany: (kind: AttachKind) => `At most ${ATTACH_MAX} ${kind} can be attached to a form`,
  badId: (kind: AttachKind) => `Each of ${kind} must be a valid id`,
  documents:
    'Only active documents of your organisation can be attached: a document waiting for approval can be attached once a manager approves it',
  assets: 'Only assets in service of your organisation can be attached',
} as const;

/** What each kind attaches: the rows offered, the status they must have, the submission's list they go to. */
export const ATTACH_KINDS: Record<
  AttachKind,
  { entity: EntityName; status: string; list: 'documentss' | 'assetss'; body: 'documents' | 'assets' }
> = {
  documents: { entity: 'DocumentEntity', status: 'ACTIVE', list: 'documentss', body: 'documents' },
  assets: { entity: 'AssetEntity', status: 'IN_SERVICE', list: 'assetss', body: 'assets' },
};

/**
 * The attach rule (member-site.md 2 and 7), on every path that adds documents or assets to a
 * submission: the caller's role may attach them (access/attach.ts: members of an organisation
 * with the full toolbar), and each row is the caller's organisation's and may be attached now
 * (ACTIVE documents, so not pending, inactive nor member-body ones; IN_SERVICE assets).
 * Another organisation's ids get the same message as unknown ones. `path`: the input's name
 * for the list, where the refusal is reported.
 */
export async function assertAttachable(db: Db, caller: Caller, kind: AttachKind, ids: string[], path: string): Promise<void> {
  const k = ATTACH_KINDS[kind];
  assertMayAttach(caller, kind);
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const refused = () => new ValidationError([{ path, code: 'invalid', message: attachMessages[kind] }]);
  if (!unique.every(isUuid)) throw refused();
  const where: Where[] = [
    { path: 'status', comparison: 'equal', value: [k.status] },
    { path: 'memberOrganisationId', comparison: 'equal', value: [caller.organisationId] },
  ];
  const rows = await listRecords(db, caller, getEntity(k.entity), { ids: unique, where, take: unique.length }, { id: true });
  if (rows.length !== unique.length) throw refused();
}

/** The ids a relation list input names (`[{ id }]`, or ids), null when the input does not set the list. */
function idsIn(input: Record<string, unknown>, list: string): string[] | null {
  if (!Object.hasOwn(input, list)) return null;
  const value = input[list];
  if (!Array.isArray(value)) return [];
  return value.map((r: unknown) => (typeof r === 'string' ? r : String((r as { id?: unknown } | null)?.id ?? '')));
}

/**
 * A save of a submission by anyone but an administrator (a member through GraphQL, one by one
 * or in bulk; an API token) adds documents and assets only as the attach routes would: the
 * links it adds are checked; links the submission already has (`id`: the submission updated)
 * may stay, whatever became of their rows since. The attach routes write as the system caller
 * once they have checked the same rule.
 */
export async function assertSubmissionAttachments(
  db: Db,
  caller: Caller | null,
  input: Record<string, unknown>,
  id: string | null,
): Promise<void> {
  if (!caller || isAdministrator(caller)) return;
  for (const kind of Object.keys(ATTACH_KINDS) as AttachKind[]) {
    const k = ATTACH_KINDS[kind];
    const given = idsIn(input, k.list);
    if (!given?.length) continue;
    let added = given;
    if (id) {
      // What the submission links already (read through crud, as the system: the caller's own
      // rights were checked before the hooks ran).
      const row = (await getRecord(db, SYSTEM_CALLER, getEntity('FormSubmissionsEntity'), id, { [k.list]: { id: true } })) as Record<
        string,
        { id: string }[] | null
      > | null;
      const stored = new Set((row?.[k.list] ?? []).map((r) => r.id));
      added = given.filter((g) => !stored.has(g));
    }
    if (added.length) await assertAttachable(db, caller, kind, added, k.list);
  }
}

/** The link entities between submissions and what is attached to them, by the kind they attach. */
const LINK_KINDS: Readonly<Partial<Record<EntityName, AttachKind>>> = {
  FormSubmissionsAssets: 'assets',
  FormSubmissionsDocuments: 'documents',
};

/**
 * A link row written on its own (createFormSubmissionsAssets, updateFormSubmissionsDocuments...)
 * by anyone but an administrator: the row it attaches follows the attach rule when the link is
 * new (created, or moved to another row or submission); a link saved as it is stays.
 */
async function beforeLinkWrite(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, entity, input } = ctx;
  const kind = LINK_KINDS[entity.name];
  if (!kind || !caller || isAdministrator(caller)) return;
  const field = getEntity('FormSubmissionsEntity').fields[ATTACH_KINDS[kind].list] as LinksField;
  const selfKey = inputKey(field.self, entity.fields[field.self]);
  const otherKey = inputKey(field.other, entity.fields[field.other]);
  let target = input[otherKey];
  if (ctx.mode === 'update' && ctx.id) {
    const row = (await getRecord(tx, SYSTEM_CALLER, entity, ctx.id, { [selfKey]: true, [otherKey]: true })) as Record<
      string,
      string | null
    > | null;
    if (!row) return;
    const stored = { s: row[selfKey] ?? null, o: row[otherKey] ?? null };
    const submission = Object.hasOwn(input, selfKey) ? input[selfKey] : stored.s;
    target = Object.hasOwn(input, otherKey) ? input[otherKey] : stored.o;
    if (submission === stored.s && target === stored.o) return;
  }
  if (typeof target === 'string' && target) await assertAttachable(tx, caller, kind, [target], otherKey);
}

/** The save hooks of the submission link entities (registered with the forms' hooks). */
export const ATTACH_LINK_HOOKS: Readonly<Partial<Record<EntityName, SaveHooks>>> = {
  FormSubmissionsAssets: { beforeWrite: beforeLinkWrite },
  FormSubmissionsDocuments: { beforeWrite: beforeLinkWrite },
};
