import { describe, expect, it } from 'vitest';
import { ACTION_DUE_DAYS, ACTION_DUE_GRACE_DAYS } from '../constants';
import {
  actionIssues,
  actionMessages,
  canRaiseOnNo,
  defaultDueDate,
  draftAction,
  failingAnswer,
  failingAnswers,
  raisedActions,
} from './actions';
import { removeHiddenAnswers } from './answers';
import type { FormDefinition, Question } from './types';

const yesNo = [
  { id: 'y', value: 'Yes' },
  { id: 'n', value: 'No' },
];
const risk: Question = { id: 'risk', title: 'Working at height', questionType: 'riskMatrix' };
const guard: Question = { id: 'guard', title: 'Guards fitted?', questionType: 'radiobutton', options: yesNo, raisesAction: true };
const unmarked: Question = { id: 'plain', title: 'Tidy?', questionType: 'radiobutton', options: yesNo };
const hidden: Question = {
  id: 'later',
  title: 'Isolation tested?',
  questionType: 'list',
  options: yesNo,
  raisesAction: true,
  showConditions: [{ path: 'plain', condition: 'equal', value: 'Yes' }],
};
const def: FormDefinition = {
  slides: [{ name: 'One', contents: [risk, guard, unmarked, hidden] }],
  pagination: { type: 'page' },
  customOptions: [],
};
const today = '2026-11-26';
const action = (over: Record<string, unknown> = {}) => ({
  description: 'Fit the guard',
  assigneeId: null,
  priority: 'moderate',
  dueDate: '2026-12-10',
  ...over,
});

describe('failing answers', () => {
  it('fails a risk score at or above High (10) and passes below it', () => {
    // 2 x 4 = 8 moderate; 2 x 5 = 10 high; 5 x 5 = 25 catastrophic.
    expect(failingAnswer(risk, { 'risk-selectedConsequence': 2, 'risk-selectedLikelihood': 4 })).toBeNull();
    expect(failingAnswer(risk, { 'risk-selectedConsequence': 2, 'risk-selectedLikelihood': 5 })).toMatchObject({
      answer: 'High (10)',
      riskScore: 10,
      priority: 'high',
    });
    expect(failingAnswer(risk, { 'risk-selectedConsequence': 5, 'risk-selectedLikelihood': 5 })?.answer).toBe('Catastrophic (25)');
  });

  it('reads the choices, never a score the client sent', () => {
    expect(failingAnswer(risk, { 'risk-selectedConsequence': 1, 'risk-selectedLikelihood': 1, 'risk-riskScore': 25 })).toBeNull();
    expect(failingAnswer(risk, { 'risk-riskScore': 25 })).toBeNull();
  });

  it("fails 'No' only on a question marked raisesAction that has a 'No' option", () => {
    expect(failingAnswer(guard, { guard: 'No' })).toMatchObject({ answer: 'No', priority: 'moderate', riskScore: null });
    expect(failingAnswer(guard, { guard: 'Yes' })).toBeNull();
    expect(failingAnswer(unmarked, { plain: 'No' })).toBeNull();
    const noNoOption: Question = { ...guard, options: [{ id: 'a', value: 'Maybe' }] };
    expect(failingAnswer(noNoOption, { guard: 'No' })).toBeNull();
    expect(canRaiseOnNo(guard)).toBe(true);
    expect(canRaiseOnNo({ questionType: 'checkbox' })).toBe(false);
    expect(canRaiseOnNo({ questionType: 'text', options: yesNo })).toBe(false);
  });

  it('leaves out hidden questions', () => {
    expect(failingAnswers(def, { plain: 'No', later: 'No' })).toEqual([]);
    expect(failingAnswers(def, { plain: 'Yes', later: 'No' }).map((f) => f.question.id)).toEqual(['later']);
  });
});

describe('due dates', () => {
  it('are 7, 14 and 30 days from raising by priority', () => {
    expect(ACTION_DUE_DAYS).toEqual({ HIGH: 7, MODERATE: 14, LOW: 30 });
    expect(defaultDueDate('high', today)).toBe('2026-12-03');
    expect(defaultDueDate('moderate', today)).toBe('2026-12-10');
    expect(defaultDueDate('low', today)).toBe('2026-12-26');
    expect(defaultDueDate('low', '2028-02-10')).toBe('2028-03-11');
  });

  it('start the panel from the question and the answer', () => {
    const failing = failingAnswer(risk, { 'risk-selectedConsequence': 4, 'risk-selectedLikelihood': 4 })!;
    expect(draftAction(failing, today)).toEqual({
      description: 'Working at height: Catastrophic (16)',
      assigneeId: null,
      priority: 'high',
      dueDate: '2026-12-03',
    });
  });
});

describe('action answers', () => {
  const failingAnswersOf = { guard: 'No', 'risk-selectedConsequence': 3, 'risk-selectedLikelihood': 4 };

  it('accepts a well-formed action under a failing answer', () => {
    expect(actionIssues(def, { ...failingAnswersOf, 'guard-action': action(), 'risk-action': action() }, { today })).toEqual([]);
  });

  it('refuses an action under a passing answer, an unmarked question or no question', () => {
    const answers = { guard: 'Yes', plain: 'No', 'guard-action': action(), 'plain-action': action(), 'ghost-action': action() };
    expect(actionIssues(def, answers, { today })).toEqual([
      { path: 'guard-action', message: actionMessages.notFailing },
      { path: 'plain-action', message: actionMessages.notFailing },
      { path: 'ghost-action', message: actionMessages.notFailing },
    ]);
  });

  it('checks each field', () => {
    const issue = (over: Record<string, unknown> | unknown) =>
      actionIssues(
        def,
        {
          guard: 'No',
          'guard-action': typeof over === 'object' && over && !Array.isArray(over) ? action(over as Record<string, unknown>) : over,
        },
        { today },
      )[0]?.message;
    expect(issue({ description: '  ' })).toBe(actionMessages.description);
    expect(issue({ description: 'x'.repeat(2001) })).toBe(actionMessages.descriptionTooLong);
    expect(issue({ priority: 'urgent' })).toBe(actionMessages.priority);
    expect(issue({ priority: 'HIGH' })).toBe(actionMessages.priority);
    expect(issue({ dueDate: '2026-02-30' })).toBe(actionMessages.dueDate);
    expect(issue({ dueDate: '10/12/2026' })).toBe(actionMessages.dueDate);
    expect(issue({ dueDate: '2026-11-25' })).toBe(actionMessages.dueDatePast);
    expect(issue({ dueDate: '2028-01-01' })).toBe(actionMessages.dueDateFar);
    expect(issue({ assigneeId: 7 })).toBe(actionMessages.assignee);
    expect(issue({ extra: 1 })).toBe(actionMessages.shape);
    expect(issue('Fix it')).toBe(actionMessages.shape);
    expect(issue([action()])).toBe(actionMessages.shape);
  });

  it('takes a due date a few days past on the server (a form filled offline arrives later)', () => {
    const answers = { guard: 'No', 'guard-action': action({ dueDate: '2026-11-20' }) };
    expect(actionIssues(def, answers, { today })).toHaveLength(1);
    expect(actionIssues(def, answers, { today, graceDays: ACTION_DUE_GRACE_DAYS })).toEqual([]);
  });

  it('raises the failing answers that carry an action', () => {
    const raised = raisedActions(def, { ...failingAnswersOf, 'guard-action': action({ description: '  Fit the guard  ' }) });
    expect(raised).toHaveLength(1);
    expect(raised[0].failing.question.id).toBe('guard');
    expect(raised[0].action.description).toBe('Fit the guard');
  });

  it('goes with its answer when the question is hidden', () => {
    expect(removeHiddenAnswers(def, { plain: 'No', later: 'No', 'later-action': action() })).toEqual({ plain: 'No' });
  });
});
