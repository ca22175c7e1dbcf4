import { getEntity, recordMessages } from '@hub/model';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { getRecord } from '../crud/list';
import { SYSTEM_CALLER, systemUpdate } from '../crud/system';
import { assertPrimaryContactWrite, fieldRefusal } from '../access/records';
import { assertNoOutOfServiceAssignment } from './assets';
import { assertLinkableDocuments } from './documents';
import { givenIds } from './stored';

/**
 * User account rules beyond the field rules of access/fields.ts (own record for worker roles,
 * immutable email, user name and two-factor flag, roles and membership-system fields for
 * administrators only: access/fields.ts): `isPrimaryContact`, a derived field of the account stored as its
 * organisation's primaryContactId. Managers, back-end holders and administrators set and clear
 * it; the organisation is always the account's own, so a member never names another
 * organisation's contact. Sending the value the account already has changes nothing and is
 * never refused (a whole-record save).
 */

const ACCOUNT = 'MehubAccountEntity';

interface State {
  primary?: boolean;
}

interface Stored {
  memberOrganisationId: string | null;
  isPrimaryContact: boolean;
}

/** The account's organisation and whether it is its primary contact (the save's own transaction, every row). */
async function storedAccount(ctx: SaveHookContext, id: string): Promise<Stored | null> {
  return (await getRecord(ctx.tx, SYSTEM_CALLER, getEntity(ACCOUNT), id, {
    memberOrganisationId: true,
    isPrimaryContact: true,
  })) as Stored | null;
}

function prepare(ctx: SaveHookContext): void {
  if (!Object.hasOwn(ctx.input, 'isPrimaryContact')) return;
  const value = ctx.input.isPrimaryContact;
  delete ctx.input.isPrimaryContact;
  if (value === null || value === undefined) return;
  if (typeof value !== 'boolean') throw fieldRefusal('isPrimaryContact', 'isPrimaryContact must be true or false');
  (ctx.state as State).primary = value;
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const state = ctx.state as State;
  if (state.primary !== undefined) {
    const stored = ctx.mode === 'update' && ctx.id ? await storedAccount(ctx, ctx.id) : null;
    if (stored && stored.isPrimaryContact === state.primary) state.primary = undefined;
    else if (ctx.mode === 'create' && !state.primary) state.primary = undefined;
    else assertPrimaryContactWrite(ctx.caller);
  }
  await assertNoOutOfServiceAssignment(ctx);
  // Documents linked from the account's side follow the link rules (records/documents.ts).
  const documents = givenIds(ctx.input, 'documentss');
  if (documents?.length) {
    const have = ctx.mode === 'update' && ctx.id ? await linkedDocuments(ctx, ctx.id) : [];
    await assertLinkableDocuments(
      ctx,
      documents.filter((d) => !have.includes(d)),
      'documentss',
    );
  }
}

/** The documents account `id` is linked to. */
async function linkedDocuments(ctx: SaveHookContext, id: string): Promise<string[]> {
  const row = (await getRecord(ctx.tx, SYSTEM_CALLER, getEntity(ACCOUNT), id, { documentss: { id: true } })) as {
    documentss: { id: string }[];
  } | null;
  return row?.documentss.map((d) => d.id) ?? [];
}

async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const primary = (ctx.state as State).primary;
  if (primary === undefined || !ctx.id) return;
  const saved = await storedAccount(ctx, ctx.id);
  if (!saved) return;
  if (primary === saved.isPrimaryContact) return;
  if (!saved.memberOrganisationId) throw fieldRefusal('isPrimaryContact', recordMessages.primaryContactOrganisation);
  await systemUpdate(
    ctx.tx,
    'MemberOrganisationEntity',
    saved.memberOrganisationId,
    { primaryContact: primary ? ctx.id : null },
    { touch: true },
  );
}

export const accountHooks: SaveHooks = { prepare, beforeWrite, afterWrite };
