import { ACTION_DUE_GRACE_DAYS, getEntity, isUuid } from '@hub/model';
import { actionIssues, actionKey, actionMessages, priorityKey, raisedActions, type Answers, type FormDefinition } from '@hub/model/forms';
import { ValidationError } from '../core/errors';
import type { SaveHookContext } from '../crud/hooks';
import { listRecords } from '../crud/list';
import { saveRecords } from '../crud/save';
import { SYSTEM_CALLER } from '../crud/system';
import type { Db } from '../db/client';
import { answerIssues, loadOwner } from './submission-data';

/**
 * Corrective actions raised by a completed submission (issue 15): its `{questionId}-action`
 * answers, checked when it is completed (each under a visible failing answer, well formed, its
 * assignee an active user of the owner's organisation), become CorrectiveActionEntity rows once, in the
 * save's transaction. A draft raises nothing; a refused action refuses the submission.
 */

/** The day of the check: UTC's, which ACTION_DUE_GRACE_DAYS covers whatever the member's zone. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Refuses a completed submission whose action answers are not all valid. */
export async function assertActions(tx: Db, def: FormDefinition, answers: Answers, ownerId: unknown): Promise<void> {
  const issues = actionIssues(def, answers, { today: todayUtc(), graceDays: ACTION_DUE_GRACE_DAYS });
  if (issues.length) throw answerIssues(issues);
  const raised = raisedActions(def, answers);
  const assignees = [...new Set(raised.flatMap((r) => (r.action.assigneeId ? [r.action.assigneeId] : [])))];
  if (!assignees.length) return;
  const owner = typeof ownerId === 'string' && isUuid(ownerId) ? await loadOwner(tx, ownerId) : null;
  const valid = assignees.filter(isUuid);
  const found =
    owner?.memberOrganisationId && valid.length
      ? ((await listRecords(
          tx,
          SYSTEM_CALLER,
          getEntity('MehubAccountEntity'),
          {
            ids: valid,
            take: valid.length,
            where: [{ path: 'memberOrganisationId', comparison: 'equal', value: [owner.memberOrganisationId] }],
          },
          { id: true, isActive: true },
        )) as { id: string; isActive: boolean }[])
      : [];
  // Only the owner's organisation's accounts are read: another organisation's id, active or not, is unknown here.
  const known = new Map(found.map((u) => [u.id, u.isActive]));
  const wrong = raised.flatMap((r) => {
    const id = r.action.assigneeId;
    if (!id || known.get(id) === true) return [];
    return [
      {
        path: `submissionData.${actionKey(r.failing.question.id)}`,
        code: 'notExist' as const,
        message: known.has(id) ? actionMessages.assigneeInactive : actionMessages.assignee,
      },
    ];
  });
  if (wrong.length) throw new ValidationError(wrong);
}

/**
 * Creates the actions of submission `ctx.id`, completed now by owner `ownerId`: one per question,
 * skipping any the submission already raised (the unique (submission, question) backs this up).
 */
export async function raiseActions(ctx: SaveHookContext, def: FormDefinition, answers: Answers, ownerId: string): Promise<void> {
  const raised = raisedActions(def, answers);
  if (!raised.length || !ctx.id) return;
  const owner = await loadOwner(ctx.tx, ownerId);
  if (!owner?.memberOrganisationId) return;
  const entity = getEntity('CorrectiveActionEntity');
  const existing = (await listRecords(
    ctx.tx,
    SYSTEM_CALLER,
    entity,
    { where: [{ path: 'formSubmissionsId', comparison: 'equal', value: [ctx.id] }], take: 1000 },
    { questionId: true },
  )) as { questionId: string | null }[];
  const done = new Set(existing.map((e) => e.questionId));
  const inputs = raised
    .filter((r) => !done.has(r.failing.question.id))
    .map(({ failing, action }) => ({
      description: action.description,
      priority: priorityKey(action.priority),
      dueDate: action.dueDate,
      assigneeId: action.assigneeId,
      status: 'OPEN',
      formSubmissionsId: ctx.id,
      questionId: failing.question.id,
      questionTitle: failing.question.title.slice(0, 500),
      answer: failing.answer,
      riskScore: failing.riskScore,
      raisedById: ownerId,
      memberOrganisationId: owner.memberOrganisationId,
    }));
  if (inputs.length) await saveRecords(ctx.env, SYSTEM_CALLER, entity, inputs, 'create', null);
}
