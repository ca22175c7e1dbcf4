import { defineEntity, f } from '../define';
import { CorrectiveActionStatus, Priority } from '../enums';
import { ACTION_COMMENT_MAX, ACTION_DESCRIPTION_MAX, ACTION_PHOTO_MAX_BYTES, ACTION_TITLE_MAX } from '../constants';

/**
 * A corrective action (issue 15): raised from a failing answer of a completed submission (a risk
 * score at or above High, a 'No' on a question marked `raisesAction`), assigned to a member of
 * the organisation, due by its priority, closed with a comment and an optional photo.
 *
 * Who reads and writes it (the scope's 'correctiveActions' rule and server/src/access/actions.ts):
 * the organisation's managers (manager roles) and back-end holders read and change all of
 * their organisation's actions; the assignee reads theirs and may close them; nobody else.
 * Members never create one directly: the submission's save raises them (docs/corrective-actions.md).
 */
export const correctiveAction = defineEntity({
  name: 'CorrectiveActionEntity',
  label: 'Corrective Action',
  plural: 'Corrective Actions',
  table: 'corrective_action',
  display: 'description',
  scope: { kind: 'custom', rule: 'correctiveActions' },
  deletesReminderLogs: true,
  // One action per question of a submission: a replayed or repeated completion raises nothing twice.
  uniqueTogether: [['formSubmissions', 'questionId']],
  // The managers' list pages by status and due date within the organisation; an assignee's by theirs.
  indexes: [
    ['memberOrganisation', 'status', 'dueDate'],
    ['assignee', 'status', 'dueDate'],
  ],
  fields: {
    description: f.textarea({ label: 'Description', required: true, searchable: true, maxLength: ACTION_DESCRIPTION_MAX, order: 10 }),
    status: f.enum(CorrectiveActionStatus, { label: 'Status', default: 'OPEN', order: 20 }),
    priority: f.enum(Priority, { label: 'Priority', required: true, order: 30 }),
    dueDate: f.date({ label: 'Due Date', required: true, order: 40 }),
    assignee: f.ref('MehubAccountEntity', { label: 'Assignee', onDelete: 'set null', order: 50 }),
    formSubmissions: f.ref('FormSubmissionsEntity', { label: 'Submission', immutable: true, onDelete: 'cascade', order: 60 }),
    questionId: f.text({ label: 'Question ID', immutable: true, maxLength: 200, order: 70 }),
    questionTitle: f.text({ label: 'Question', immutable: true, searchable: true, maxLength: ACTION_TITLE_MAX, order: 80 }),
    answer: f.text({ label: 'Answer', immutable: true, maxLength: ACTION_TITLE_MAX, order: 90 }),
    riskScore: f.integer({ label: 'Risk Score', immutable: true, order: 100 }),
    raisedBy: f.ref('MehubAccountEntity', { label: 'Raised By', immutable: true, onDelete: 'set null', order: 110 }),
    closedAt: f.datetime({ label: 'Closed At', readOnly: true, order: 120 }),
    closedBy: f.ref('MehubAccountEntity', { label: 'Closed By', readOnly: true, onDelete: 'set null', order: 130 }),
    closingComment: f.textarea({ label: 'Closing Comment', maxLength: ACTION_COMMENT_MAX, order: 140 }),
    closingPhoto: f.file({ label: 'Closing Photo', accept: ['image/'], maxBytes: ACTION_PHOTO_MAX_BYTES, order: 150 }),
    memberOrganisation: f.ref('MemberOrganisationEntity', { label: 'Member Organisation', hidden: true, onDelete: 'cascade', order: 160 }),
  },
});
