import { graphqlRequest, graphqlUpload } from '../../client/graphql';
import { preparePhoto } from '../../forms/photos/image';
import type { Where } from '../../admin/list/query';
import type { MemberTab } from '../records/tabs';

export { ACTIONS_PATH, actionPath, actionsPageOfSegment, actionsPathOf } from './action-paths';

/** The day as the member's device sees it: what is overdue is due before it (ui/due.ts, shared with the due markers). */
export { todayLocal } from '../../ui/due';

/** Open (all open actions, overdue ones marked), Overdue, Closed. */
export function actionTabs(today: string): MemberTab[] {
  const open: Where = { path: 'status', comparison: 'equal', value: ['OPEN'] };
  return [
    { key: 'open', label: 'Open', where: [[open]] },
    { key: 'overdue', label: 'Overdue', where: [[open], [{ path: 'dueDate', comparison: 'lessThan', value: [today] }]] },
    { key: 'closed', label: 'Closed', where: [[{ path: 'status', comparison: 'equal', value: ['CLOSED'] }]] },
  ];
}

export const ACTION_MESSAGES = {
  closed: 'Successfully closed action',
  closeFailed: 'Error closing action',
  saved: 'Successfully saved action',
  saveFailed: 'Error saving action',
  reopened: 'Successfully reopened action',
  reopenFailed: 'Error reopening action',
  commentRequired: 'A comment is required to close an action',
  photoImage: 'The photo must be an image (JPEG, PNG, GIF, WebP)',
  photoTooLarge: 'The photo can be at most 20 MB',
} as const;

export interface Person {
  id: string;
  firstname: string | null;
  surname: string | null;
  email: string | null;
}
export const personName = (p: Person | null | undefined) =>
  p ? [p.firstname, p.surname].filter((s) => s?.trim()).join(' ') || p.email || '' : '';

export interface ActionRecord {
  id: string;
  created: string;
  description: string;
  status: 'OPEN' | 'CLOSED';
  priority: 'LOW' | 'MODERATE' | 'HIGH';
  dueDate: string;
  questionId: string | null;
  questionTitle: string | null;
  answer: string | null;
  riskScore: number | null;
  closedAt: string | null;
  closingComment: string | null;
  closingPhotoId: string | null;
  closingPhoto: { fileName: string | null; contentType: string | null } | null;
  assigneeId: string | null;
  assignee: Person | null;
  raisedBy: Person | null;
  closedBy: Person | null;
  formSubmissions: {
    id: string;
    formVersion: { formId: string | null; form: { name: string | null; formType: string | null } | null } | null;
  } | null;
}

const PERSON = 'id firstname surname email';
export const SUBMISSION_SELECTION = 'formSubmissions { id formVersion { formId form { name formType } } }';
const RECORD = `id created description status priority dueDate questionId questionTitle answer riskScore closedAt closingComment
  closingPhotoId closingPhoto { fileName contentType } assigneeId assignee { ${PERSON} } raisedBy { ${PERSON} } closedBy { ${PERSON} }
  ${SUBMISSION_SELECTION}`;

export async function loadAction(id: string): Promise<ActionRecord | null> {
  const d = await graphqlRequest<{ r: ActionRecord | null }>(`query($id: ID!) { r: correctiveActionEntity(id: $id) { ${RECORD} } }`, {
    id,
  });
  return d.r;
}

/** The submission page an action was raised from (web/src/app/router.tsx). */
export function submissionUrl(s: ActionRecord['formSubmissions']): string | null {
  const formType = s?.formVersion?.form?.formType;
  const formId = s?.formVersion?.formId;
  return s && formType && formId ? `/user-submissions/${encodeURIComponent(formType)}/${formId}/view/${s.id}` : null;
}

const UPDATE = `mutation($m: [CorrectiveActionEntityInput!]!) { r: updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id } }`;

/** Closes the action with a comment and, when given, a photo (a multipart save). */
export async function closeAction(id: string, comment: string, photo: File | null): Promise<void> {
  const input = { id, status: 'CLOSED', closingComment: comment.trim() };
  if (photo) {
    // Resized on the device like a form's photo evidence (longest side 2,000 px, JPEG, EXIF
    // location and time removed): a phone's 12-megapixel photo is not sent as it was taken.
    const prepared = await preparePhoto(photo, false);
    const file = new File([prepared.photo], `${photo.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
    await graphqlUpload(UPDATE, { m: [{ ...input, closingPhoto: null }] }, [{ path: 'variables.m.0.closingPhoto', file }]);
  } else await graphqlRequest(UPDATE, { m: [input] });
}

/** A manager's change: assignee, due date, priority, description, or reopening. */
export async function updateAction(input: Record<string, unknown> & { id: string }): Promise<void> {
  await graphqlRequest(UPDATE, { m: [input] });
}
