import { describe, it, expect } from 'vitest';
import { conditionHolds, isVisible, OPERATORS_BY_TYPE, visibleQuestions } from './conditions';
import type { Answers, ConditionOperator, FormDefinition, Question, QuestionType } from './types';
import { QUESTION_TYPES } from './types';

const q = (questionType: QuestionType, id = 'q', extra: Partial<Question> = {}): Question => ({ id, title: id, questionType, ...extra });
const holds = (type: QuestionType, condition: ConditionOperator, value: unknown, answers: Answers): boolean =>
  conditionHolds(q(type), { path: 'q', condition, value }, answers);

describe('OPERATORS_BY_TYPE', () => {
  it('lists the spec operators for every type', () => {
    const cmp = ['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'];
    expect(OPERATORS_BY_TYPE).toEqual({
      checkbox: ['equal', 'notEqual'],
      text: ['equal', 'notEqual', 'contains'],
      textArea: ['equal', 'notEqual', 'contains'],
      jobNumber: ['equal', 'notEqual', 'contains'],
      jobAddress: ['equal', 'notEqual', 'contains'],
      number: ['equal', 'notEqual', 'contains', ...cmp],
      date: ['equal', 'notEqual', ...cmp],
      datetime: ['equal', 'notEqual', ...cmp],
      radiobutton: ['equal'],
      combobox: ['equal', 'notEqual'],
      list: ['equal', 'notEqual'],
      multicombobox: ['equal', 'notEqual', 'contains'],
      riskMatrix: ['equal', 'notEqual'],
      canvasDraw: ['equal', 'notEqual'],
      selectUserProfile: ['equal', 'notEqual'],
      statement: [],
      formSection: [],
    });
    expect(Object.keys(OPERATORS_BY_TYPE).sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('never holds for an operator the type does not offer', () => {
    expect(holds('radiobutton', 'notEqual', 'A', { q: 'B' })).toBe(false);
    expect(holds('checkbox', 'contains', 'true', { q: true })).toBe(false);
    expect(holds('text', 'greaterThan', 'a', { q: 'b' })).toBe(false);
    expect(holds('statement', 'equal', '', {})).toBe(false);
  });
});

describe('conditionHolds', () => {
  it('checkbox: equal and notEqual against true/false, unticked when untouched', () => {
    expect(holds('checkbox', 'equal', true, { q: true })).toBe(true);
    expect(holds('checkbox', 'equal', 'true', { q: true })).toBe(true);
    expect(holds('checkbox', 'equal', 'false', {})).toBe(true);
    expect(holds('checkbox', 'equal', false, { q: true })).toBe(false);
    expect(holds('checkbox', 'notEqual', true, { q: false })).toBe(true);
    expect(holds('checkbox', 'notEqual', true, { q: true })).toBe(false);
  });

  it('text-like: equal, notEqual and contains ignore case and surrounding spaces', () => {
    for (const type of ['text', 'textArea', 'jobNumber', 'jobAddress'] as const) {
      expect(holds(type, 'equal', 'Yes', { q: ' yes ' })).toBe(true);
      expect(holds(type, 'equal', 'Yes', { q: 'no' })).toBe(false);
      expect(holds(type, 'notEqual', 'Yes', { q: 'no' })).toBe(true);
      expect(holds(type, 'notEqual', 'Yes', { q: 'YES' })).toBe(false);
      expect(holds(type, 'contains', 'live', { q: 'Working near LIVE parts' })).toBe(true);
      expect(holds(type, 'contains', 'dead', { q: 'Working near live parts' })).toBe(false);
    }
  });

  it('an absent answer equals and contains nothing, so only notEqual holds', () => {
    expect(holds('text', 'equal', '', {})).toBe(false);
    expect(holds('text', 'contains', 'a', {})).toBe(false);
    expect(holds('text', 'notEqual', 'a', {})).toBe(true);
    expect(holds('number', 'lessThan', 5, {})).toBe(false);
  });

  it('number: compares numerically, numeric strings included', () => {
    expect(holds('number', 'equal', '10', { q: 10 })).toBe(true);
    expect(holds('number', 'equal', '10.0', { q: 10 })).toBe(true);
    expect(holds('number', 'notEqual', 10, { q: 9 })).toBe(true);
    expect(holds('number', 'notEqual', 10, { q: 10 })).toBe(false);
    expect(holds('number', 'contains', '23', { q: 1234 })).toBe(true);
    expect(holds('number', 'contains', '5', { q: 1234 })).toBe(false);
    expect(holds('number', 'greaterThan', '9', { q: 10 })).toBe(true);
    expect(holds('number', 'greaterThan', '10', { q: 10 })).toBe(false);
    expect(holds('number', 'greaterThanOrEqual', '10', { q: 10 })).toBe(true);
    expect(holds('number', 'greaterThanOrEqual', '11', { q: 10 })).toBe(false);
    expect(holds('number', 'lessThan', '11', { q: 10 })).toBe(true);
    expect(holds('number', 'lessThan', '10', { q: 10 })).toBe(false);
    expect(holds('number', 'lessThanOrEqual', '10', { q: 10 })).toBe(true);
    expect(holds('number', 'lessThanOrEqual', '9', { q: 10 })).toBe(false);
    // '100' > '20' as numbers though not as text.
    expect(holds('number', 'greaterThan', '20', { q: 100 })).toBe(true);
    expect(holds('number', 'greaterThan', 'abc', { q: 100 })).toBe(false);
  });

  it('date: compares calendar days', () => {
    const a = { q: '2024-03-05' };
    expect(holds('date', 'equal', '2024-03-05', a)).toBe(true);
    expect(holds('date', 'equal', '2024-03-05T23:00:00', a)).toBe(true);
    expect(holds('date', 'notEqual', '2024-03-06', a)).toBe(true);
    expect(holds('date', 'notEqual', '2024-03-05', a)).toBe(false);
    expect(holds('date', 'greaterThan', '2024-03-04', a)).toBe(true);
    expect(holds('date', 'greaterThan', '2024-03-05', a)).toBe(false);
    expect(holds('date', 'greaterThanOrEqual', '2024-03-05', a)).toBe(true);
    expect(holds('date', 'lessThan', '2024-03-05', a)).toBe(false);
    expect(holds('date', 'lessThan', '2024-12-01', a)).toBe(true);
    expect(holds('date', 'lessThanOrEqual', '2024-03-05', a)).toBe(true);
    expect(holds('date', 'lessThanOrEqual', '2024-03-04', a)).toBe(false);
    expect(holds('date', 'equal', 'not a date', a)).toBe(false);
  });

  it('datetime: compares instants to the minute', () => {
    const a = { q: '2024-03-05T10:30:00.000Z' };
    expect(holds('datetime', 'equal', '2024-03-05T10:30:45Z', a)).toBe(true);
    expect(holds('datetime', 'equal', '2024-03-05T12:30:00+02:00', a)).toBe(true);
    expect(holds('datetime', 'notEqual', '2024-03-05T10:31:00Z', a)).toBe(true);
    expect(holds('datetime', 'greaterThan', '2024-03-05T10:29:00Z', a)).toBe(true);
    expect(holds('datetime', 'greaterThanOrEqual', '2024-03-05T10:30:00Z', a)).toBe(true);
    expect(holds('datetime', 'lessThan', '2024-03-05T10:30:00Z', a)).toBe(false);
    expect(holds('datetime', 'lessThanOrEqual', '2024-03-05T10:30:00Z', a)).toBe(true);
    expect(holds('datetime', 'lessThan', '2024-03-06T00:00:00Z', a)).toBe(true);
  });

  it('radiobutton, combobox and list: the chosen value, or one of a list of values', () => {
    expect(holds('radiobutton', 'equal', 'Yes', { q: 'Yes' })).toBe(true);
    expect(holds('radiobutton', 'equal', 'Yes', { q: 'No' })).toBe(false);
    expect(holds('radiobutton', 'equal', ['Yes', 'N/A'], { q: 'N/A' })).toBe(true);
    for (const type of ['combobox', 'list'] as const) {
      expect(holds(type, 'equal', 'Hot work', { q: 'Hot work' })).toBe(true);
      expect(holds(type, 'notEqual', 'Hot work', { q: 'Live work' })).toBe(true);
      expect(holds(type, 'notEqual', ['Hot work', 'Live work'], { q: 'Live work' })).toBe(false);
    }
  });

  it('multicombobox: equal needs every chosen value among the condition values', () => {
    expect(holds('multicombobox', 'equal', 'A', { q: ['A'] })).toBe(true);
    expect(holds('multicombobox', 'equal', 'A', { q: ['A', 'B'] })).toBe(false);
    expect(holds('multicombobox', 'equal', ['A', 'B'], { q: ['B', 'A'] })).toBe(true);
    expect(holds('multicombobox', 'equal', ['A', 'B'], { q: ['A'] })).toBe(true);
    expect(holds('multicombobox', 'equal', 'A', { q: [] })).toBe(false);
    expect(holds('multicombobox', 'notEqual', 'A', { q: ['A', 'B'] })).toBe(true);
    expect(holds('multicombobox', 'notEqual', 'A', { q: ['A'] })).toBe(false);
    expect(holds('multicombobox', 'contains', 'B', { q: ['A', 'B'] })).toBe(true);
    expect(holds('multicombobox', 'contains', ['C', 'B'], { q: ['A', 'B'] })).toBe(true);
    expect(holds('multicombobox', 'contains', 'C', { q: ['A', 'B'] })).toBe(false);
  });

  it('selectUserProfile: equal and notEqual on the chosen account ids', () => {
    expect(holds('selectUserProfile', 'equal', 'u1', { q: ['u1'] })).toBe(true);
    expect(holds('selectUserProfile', 'equal', 'u1', { q: ['u1', 'u2'] })).toBe(false);
    expect(holds('selectUserProfile', 'notEqual', 'u1', { q: ['u2'] })).toBe(true);
    expect(holds('selectUserProfile', 'notEqual', ['u1', 'u2'], { q: ['u2'] })).toBe(false);
  });

  it('riskMatrix: compares the risk score, computed when not stored', () => {
    const r = (answers: Answers, condition: ConditionOperator, value: unknown) =>
      conditionHolds(q('riskMatrix', 'r'), { path: 'r', condition, value }, answers);
    expect(r({ 'r-riskScore': 12 }, 'equal', '12')).toBe(true);
    expect(r({ 'r-riskScore': 12 }, 'notEqual', '12')).toBe(false);
    expect(r({ 'r-selectedConsequence': 3, 'r-selectedLikelihood': 4 }, 'equal', 12)).toBe(true);
    expect(r({ 'r-riskScore': 6 }, 'notEqual', 12)).toBe(true);
    expect(r({}, 'equal', 12)).toBe(false);
  });

  it('canvasDraw: compares whether something is drawn', () => {
    const c = (answers: Answers, condition: ConditionOperator, value: unknown) =>
      conditionHolds(q('canvasDraw', 'c'), { path: 'c', condition, value }, answers);
    const drawn = { 'c-canvas-draw-data-string': '{"lines":[{}]}' };
    expect(c(drawn, 'equal', true)).toBe(true);
    expect(c(drawn, 'equal', 'false')).toBe(false);
    expect(c({}, 'equal', false)).toBe(true);
    expect(c({}, 'notEqual', 'true')).toBe(true);
    expect(c(drawn, 'notEqual', true)).toBe(false);
  });

  it('treats a missing target question as an absent answer', () => {
    expect(conditionHolds(undefined, { path: 'gone', condition: 'equal', value: 'x' }, { gone: 'x' })).toBe(false);
    expect(conditionHolds(undefined, { path: 'gone', condition: 'notEqual', value: 'x' }, {})).toBe(true);
  });
});

describe('visibility', () => {
  const def: FormDefinition = {
    slides: [
      {
        name: 'S',
        contents: [
          q('radiobutton', 'kind', {
            options: [
              { id: '1', value: 'Injury' },
              { id: '2', value: 'Near miss' },
            ],
          }),
          q('text', 'injury', { showConditions: [{ path: 'kind', condition: 'equal', value: 'Injury' }] }),
          q('number', 'days', {
            showConditions: [
              { path: 'kind', condition: 'equal', value: 'Injury' },
              { path: 'injury', condition: 'contains', value: 'arm' },
            ],
          }),
          q('formSection', 'sec', {
            showConditions: [{ path: 'kind', condition: 'equal', value: 'Near miss' }],
            contents: [q('text', 'inSec')],
          }),
          q('text', 'notInjury', { showConditions: [{ path: 'injury', condition: 'notEqual', value: 'arm' }] }),
          q('text', 'loopA', { showConditions: [{ path: 'loopB', condition: 'notEqual', value: 'x' }] }),
          q('text', 'loopB', { showConditions: [{ path: 'loopA', condition: 'notEqual', value: 'x' }] }),
        ],
      },
    ],
    pagination: { type: 'page' },
    customOptions: [],
  };
  const ids = (answers: Answers) => visibleQuestions(def, answers).map((x) => x.id);

  it('shows a question only when all its conditions hold', () => {
    expect(ids({ kind: 'Injury', injury: 'Arm' })).toEqual(['kind', 'injury', 'days', 'loopA', 'loopB']);
    expect(ids({ kind: 'Injury', injury: 'cut leg' })).toEqual(['kind', 'injury', 'notInjury', 'loopA', 'loopB']);
  });

  it('hides the children of a hidden section and shows them with it', () => {
    expect(isVisible(def.slides[0].contents[3].contents![0], def, { kind: 'Injury' })).toBe(false);
    expect(isVisible(def.slides[0].contents[3].contents![0], def, { kind: 'Near miss' })).toBe(true);
  });

  it("treats a hidden question's answer as absent", () => {
    // 'injury' is hidden, so its stale 'arm' answer neither shows 'days' nor hides 'notInjury'.
    expect(ids({ kind: 'Near miss', injury: 'arm' })).toEqual(['kind', 'sec', 'inSec', 'notInjury', 'loopA', 'loopB']);
  });

  it('always shows a question without conditions', () => {
    expect(isVisible(def.slides[0].contents[0], def, {})).toBe(true);
  });
});
