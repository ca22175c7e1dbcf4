import { approvedLicenceStatus, isUuid } from '@hub/model';
import { approvesLicences, assertLicenceAccount, assertLicenceStatusRequest } from '../access/records';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';

/**
 * Licence rules (member-site.md section 4, data-layer.md section 4), whatever the client sends:
 * - a save by a manager-type role, a back-end holder or an administrator is approved at once:
 *   ACTIVE with no renewal date or one in the future, else EXPIRED, authorized now (Approve is
 *   such a save with status ACTIVE);
 * - anyone else's save leaves or puts the licence PENDING, not authorized, and they set neither
 *   status nor authorizedDate;
 * - a member who does not approve licences keeps them to their own account (access/records.ts).
 * Remove is a delete (access/records.ts assertDeleteRules).
 */

interface State {
  approved?: boolean;
}

interface Stored {
  status: string | null;
  renewal: string | null;
  account: string | null;
}

async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  const { tx, caller, input } = ctx;
  let stored: Stored | null = null;
  if (ctx.mode === 'update') {
    const { rows } = await tx.query<Stored>(
      `SELECT status, renewal_date::text AS renewal, mehub_account_id AS account FROM licence WHERE id = $1`,
      [ctx.id],
    );
    stored = rows[0] ?? null;
  }
  const account = Object.hasOwn(input, 'mehubAccountId') ? input.mehubAccountId : stored?.account;
  if (ctx.mode === 'create' || Object.hasOwn(input, 'mehubAccountId')) assertLicenceAccount(caller, account);
  assertLicenceStatusRequest(caller, input.status, stored?.status ?? null);
  const approved = approvesLicences(caller);
  (ctx.state as State).approved = approved;
  if (approved) {
    const renewal = Object.hasOwn(input, 'renewalDate') ? (input.renewalDate as string | null) : (stored?.renewal ?? null);
    input.status = approvedLicenceStatus(typeof renewal === 'string' ? renewal : null);
  } else input.status = 'PENDING';
}

/** authorizedDate is read-only to every client: the server writes it here. */
async function afterWrite(ctx: SaveHookContext): Promise<void> {
  if (!ctx.id || !isUuid(ctx.id)) return;
  const approved = (ctx.state as State).approved;
  await ctx.tx.query(`UPDATE licence SET authorized_date = ${approved ? 'now()' : 'NULL'} WHERE id = $1`, [ctx.id]);
}

export const licenceHooks: SaveHooks = { beforeWrite, afterWrite };
