import { hasRoleFact } from '@hub/model';
import { ForbiddenError } from '../core/errors';
import type { Caller } from './caller';

/**
 * Who may attach the organisation's documents and assets to a form they fill in
 * (POST /api/entity/DocumentEntity/attachDocuments and /AssetEntity/attachAssets, member-site.md 2 and 7).
 * Which rows may be attached is the caller's read scope (their organisation's) narrowed by the
 * attach rule of server/src/forms/attach-routes.ts (ACTIVE documents, IN_SERVICE assets).
 */
export type AttachKind = 'documents' | 'assets';

export const attachAccessMessages = {
  member: (kind: AttachKind) => `Only members of an organisation can attach ${kind} to their forms`,
  limited: (kind: AttachKind) => `Your role cannot attach ${kind} to a form; you can add files instead`,
} as const;

/**
 * A person of a member organisation (not an API token, not an administrator, who belongs to no
 * organisation and fills in no forms), whose role has the full attachments toolbar: roles with
 * roleFacts.limitedAttachToolbar add files only, on the server as on the screen.
 */
export function assertMayAttach(caller: Caller, kind: AttachKind): void {
  if (caller.kind !== 'account' || !caller.organisationId) throw new ForbiddenError(attachAccessMessages.member(kind));
  if (hasRoleFact('limitedAttachToolbar', caller.role)) throw new ForbiddenError(attachAccessMessages.limited(kind));
}
