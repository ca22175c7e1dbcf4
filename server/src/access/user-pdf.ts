import { BACKEND_GROUPS, hasRoleFact, isManagerRole } from '@hub/model';
import { ForbiddenError } from '../core/errors';
import { isAdministrator, type Caller } from './caller';

export const userPdfMessages = {
  role: 'Your role cannot export user profiles as PDF',
  others: "Only managers of the organisation can export another user's profile as PDF",
} as const;

/**
 * Who may export a user's profile as PDF (GET /api/entity/MehubAccountEntity/pdf/{id}), once the
 * account has been read through the caller's scope (another organisation's account is not found):
 * administrators; the account itself; the organisation's managers and back-end holders. Refused
 * for the roles of roleFacts.noUserPdf (SafetyWorker), their own profile included: the spec hides
 * the export from them.
 */
export function assertUserPdf(caller: Caller, account: { id: string; organisationId: string | null }): void {
  if (isAdministrator(caller)) return;
  if (hasRoleFact('noUserPdf', caller.role)) throw new ForbiddenError(userPdfMessages.role);
  if (account.id === caller.userId) return;
  const sameOrganisation = !!caller.organisationId && caller.organisationId === account.organisationId;
  const backEnd = caller.groups.some((g) => (BACKEND_GROUPS as readonly string[]).includes(g));
  if (sameOrganisation && (isManagerRole(caller.role) || backEnd)) return;
  throw new ForbiddenError(userPdfMessages.others);
}
