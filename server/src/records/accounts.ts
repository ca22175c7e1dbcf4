import type { SaveHookContext, SaveHooks } from '../crud/hooks';
import { assertPrimaryContactWrite } from '../access/records';
import { fieldRefusal } from '../access/records';
import { assertNoOutOfServiceAssignment } from './assets';

/**
 * User account rules beyond the field rules of access/fields.ts (own record for worker roles,
 * immutable email, user name and two-factor flag): `isPrimaryContact`, stored as the account's
 * organisation's primaryContactId. Managers, back-end holders and administrators set it; the
 * organisation is always the account's own, so a member never names another organisation's
 * contact.
 */

interface State {
  primary?: boolean;
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
  if ((ctx.state as State).primary !== undefined) assertPrimaryContactWrite(ctx.caller);
  await assertNoOutOfServiceAssignment(ctx);
}

async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const primary = (ctx.state as State).primary;
  if (primary === undefined || !ctx.id) return;
  if (primary)
    await ctx.tx.query(
      `UPDATE member_organisation SET primary_contact_id = a.id, modified = now() FROM mehub_account a
       WHERE a.id = $1 AND member_organisation.id = a.member_organisation_id`,
      [ctx.id],
    );
  else
    await ctx.tx.query(`UPDATE member_organisation SET primary_contact_id = NULL, modified = now() WHERE primary_contact_id = $1`, [
      ctx.id,
    ]);
}

export const accountHooks: SaveHooks = { prepare, beforeWrite, afterWrite };
