import { licenceActions, licenceAutoApproved, recordViewer, type LicenceStatusValue, type RecordViewer } from '@hub/model/records';
import type { Me } from '../../app/session';
import { todayLocal } from '../../ui/due';

/**
 * The licence rules the member pages show (member-site.md 4 'Licence', data-layer.md 4). The server
 * decides every one of them again on save; these only choose what the screens offer and say.
 */

/** The spec's messages for licences and users (member-site.md 2 and 8). */
export const LICENCE_TEXT = {
  uploaded: 'Successfully uploaded licence',
  saveFailed: 'Error saving user',
  pendingTitle: 'Licence Approval Pending',
  pendingBody: 'Your licence has been saved and requires approval from a manager before it becomes active.',
  createTitle: 'Upload Licences/Competencies',
  approved: 'Licence approved',
  removed: 'Licence removed',
  removeFailed: 'The licence could not be removed',
  approveFailed: 'The licence could not be approved',
} as const;

/**
 * The status a licence is shown with: PENDING while it waits for approval; otherwise EXPIRED when the
 * server says so or its renewal date is set and passed, else ACTIVE (data-layer.md 4, 'Displayed status').
 */
export function displayedLicenceStatus(
  licence: { status?: string | null; renewalDate?: string | null },
  now = new Date(),
): LicenceStatusValue {
  if (licence.status === 'PENDING' || licence.status === 'EXPIRED') return licence.status;
  const renewal = licence.renewalDate?.slice(0, 10);
  return renewal && renewal < todayLocal(now) ? 'EXPIRED' : 'ACTIVE';
}

/** Outline badge colours with at least 4.5:1 on white and on the light grey of a fieldset (green.9 and yellow.9 are below it). */
export const STATUS_COLOUR: Record<LicenceStatusValue, string> = { PENDING: '#8a4600', ACTIVE: '#1b5e20', EXPIRED: 'red.9' };
export const STATUS_LABEL: Record<LicenceStatusValue, string> = { PENDING: 'Pending', ACTIVE: 'Active', EXPIRED: 'Expired' };

/** The viewer as the workflow rules of model/src/records.ts take it. */
export function viewerOf(me: Me | null | undefined): RecordViewer {
  return recordViewer(me?.roleName, me?.groups.map((g) => g.name) ?? []);
}

/**
 * Whether the viewer's licence saves are approved at once: a manager-type role, back-end access or an
 * administrator (member-site.md 4). Anyone else leaves the licence PENDING and sees 'Licence Approval Pending'.
 */
export const licenceSavedApproved = (me: Me | null | undefined) => !!me && licenceAutoApproved(viewerOf(me));

/** Approve and Remove offered on a licence of `status` belonging to `ownerId`. */
export const licenceActionsFor = (me: Me | null | undefined, status: string | null | undefined, ownerId: string) =>
  me ? licenceActions(status, viewerOf(me), { own: me.id === ownerId }) : [];
