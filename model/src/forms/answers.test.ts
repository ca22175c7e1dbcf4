import { describe, it, expect } from 'vitest';
import { answerKeys, hasDrawing, isAnswered, parseNumberInput, removeHiddenAnswers } from './answers';
import type { FormDefinition, Question, QuestionType } from './types';

const q = (questionType: QuestionType, id = 'q', extra: Partial<Question> = {}): Question => ({ id, title: id, questionType, ...extra });

describe('answerKeys', () => {
  it('keys plain answers by the question id, with their photos', () => {
    for (const type of ['text', 'textArea', 'number', 'checkbox', 'date', 'datetime', 'radiobutton', 'list'] as const)
      expect(answerKeys(q(type))).toEqual(['q', 'q-photos']);
    for (const type of ['combobox', 'multicombobox', 'selectUserProfile', 'jobNumber', 'jobAddress'] as const)
      expect(answerKeys(q(type))).toEqual(['q', 'q-photos']);
  });

  it('derives the risk matrix and canvas keys', () => {
    expect(answerKeys(q('riskMatrix', 'risk'))).toEqual([
      'risk-selectedConsequence',
      'risk-selectedLikelihood',
      'risk-riskScore',
      'risk-photos',
    ]);
    expect(answerKeys(q('canvasDraw', 'sketch'))).toEqual([
      'sketch-canvas-draw-data-string',
      'sketch-canvas-draw-dataURL',
      'sketch-photos',
    ]);
  });

  it('gives statements and sections no answer', () => {
    expect(answerKeys(q('statement'))).toEqual([]);
    expect(answerKeys(q('formSection'))).toEqual([]);
  });
});

describe('isAnswered', () => {
  it('treats blank text and missing values as unanswered', () => {
    expect(isAnswered(q('text'), { q: 'x' })).toBe(true);
    expect(isAnswered(q('text'), { q: '   ' })).toBe(false);
    expect(isAnswered(q('textArea'), {})).toBe(false);
    expect(isAnswered(q('combobox'), { q: null })).toBe(false);
  });

  it('counts zero as a number answer but not NaN', () => {
    expect(isAnswered(q('number'), { q: 0 })).toBe(true);
    expect(isAnswered(q('number'), { q: Number.NaN })).toBe(false);
  });

  it('needs a ticked checkbox', () => {
    expect(isAnswered(q('checkbox'), { q: true })).toBe(true);
    expect(isAnswered(q('checkbox'), { q: false })).toBe(false);
  });

  it('treats an empty multi-select as unanswered', () => {
    expect(isAnswered(q('multicombobox'), { q: [] })).toBe(false);
    expect(isAnswered(q('multicombobox'), { q: ['A'] })).toBe(true);
    expect(isAnswered(q('selectUserProfile'), { q: [] })).toBe(false);
    expect(isAnswered(q('selectUserProfile'), { q: ['acc-1'] })).toBe(true);
  });

  it('needs both risk matrix choices, each 1 to 5', () => {
    const risk = q('riskMatrix', 'r');
    expect(isAnswered(risk, { 'r-selectedConsequence': 2, 'r-selectedLikelihood': 5 })).toBe(true);
    expect(isAnswered(risk, { 'r-selectedConsequence': 2 })).toBe(false);
    expect(isAnswered(risk, { 'r-selectedLikelihood': 2, 'r-riskScore': 4 })).toBe(false);
    expect(isAnswered(risk, { 'r-selectedConsequence': 6, 'r-selectedLikelihood': 1 })).toBe(false);
  });

  it('needs a canvas drawing with strokes', () => {
    const canvas = q('canvasDraw', 'c');
    expect(isAnswered(canvas, { 'c-canvas-draw-data-string': '{"lines":[{"points":[]}]}' })).toBe(true);
    expect(isAnswered(canvas, { 'c-canvas-draw-data-string': '' })).toBe(false);
    expect(isAnswered(canvas, { 'c-canvas-draw-data-string': '{"lines":[],"width":400}' })).toBe(false);
    expect(isAnswered(canvas, { 'c-canvas-draw-dataURL': 'data:image/png;base64,AAA' })).toBe(false);
    expect(hasDrawing('[]')).toBe(false);
    expect(hasDrawing('[1]')).toBe(true);
    expect(hasDrawing('M0 0 L 10 10')).toBe(true);
  });

  it('never counts statements or sections as answered', () => {
    expect(isAnswered(q('statement'), { q: 'x' })).toBe(false);
    expect(isAnswered(q('formSection'), { q: 'x' })).toBe(false);
  });
});

describe('removeHiddenAnswers', () => {
  const def: FormDefinition = {
    slides: [
      {
        name: 'S',
        contents: [
          q('checkbox', 'show'),
          q('text', 'plain', { showConditions: [{ path: 'show', condition: 'equal', value: true }] }),
          q('formSection', 'sec', {
            showConditions: [{ path: 'show', condition: 'equal', value: true }],
            contents: [q('riskMatrix', 'risk'), q('canvasDraw', 'draw'), q('text', 'child')],
          }),
          // Depends on a question that is itself hidden, so it is hidden too.
          q('text', 'chained', { showConditions: [{ path: 'child', condition: 'equal', value: 'yes' }] }),
        ],
      },
    ],
    pagination: { type: 'page' },
    customOptions: [],
  };
  const answers = {
    show: false,
    plain: 'text',
    'risk-selectedConsequence': 2,
    'risk-selectedLikelihood': 3,
    'risk-riskScore': 6,
    'draw-canvas-draw-data-string': '[1]',
    'draw-canvas-draw-dataURL': 'data:image/png;base64,AAA',
    child: 'yes',
    chained: 'kept?',
    unrelated: 'stays',
  };

  it('drops every key of hidden questions, section children included, and keeps the rest', () => {
    expect(removeHiddenAnswers(def, answers)).toEqual({ show: false, unrelated: 'stays' });
  });

  it('keeps everything when all are shown and does not change its input', () => {
    const shown = { ...answers, show: true };
    expect(removeHiddenAnswers(def, shown)).toEqual(shown);
    expect(answers.plain).toBe('text');
  });
});

describe('parseNumberInput', () => {
  it('reads empty input as no value and a lone minus as typing in progress', () => {
    expect(parseNumberInput('', false)).toEqual({ value: undefined });
    expect(parseNumberInput('  ', true)).toEqual({ value: undefined });
    expect(parseNumberInput('-', true)).toEqual({ value: undefined });
  });

  it('reads decimals and negatives', () => {
    expect(parseNumberInput('12', true)).toEqual({ value: 12 });
    expect(parseNumberInput('-3.5', false)).toEqual({ value: -3.5 });
    expect(parseNumberInput('.5', false)).toEqual({ value: 0.5 });
    expect(parseNumberInput('7.', false)).toEqual({ value: 7 });
    expect(parseNumberInput('4.0', true)).toEqual({ value: 4 });
  });

  it('rejects anything that is not a plain number', () => {
    for (const text of ['abc', '1a', '0x10', '1e3', 'Infinity', '--1', '1.2.3'])
      expect(parseNumberInput(text, false)).toEqual({ value: undefined, error: 'The value must be a number' });
  });

  it('rejects fractions when whole numbers are required', () => {
    expect(parseNumberInput('2.5', true)).toEqual({ value: undefined, error: 'The value must be a whole number' });
    expect(parseNumberInput('-0.1', true)).toEqual({ value: undefined, error: 'The value must be a whole number' });
  });
});
