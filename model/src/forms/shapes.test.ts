import { describe, it, expect } from 'vitest';
import { answerShapeMessages, DRAWING_LIMITS, checkAnswerShapes, drawingUrlError, withRiskScores } from './shapes';
import { conditionHolds } from './conditions';
import { QUESTION_TYPES, type Answers, type FormDefinition, type Question, type QuestionType } from './types';

const OPTIONS: Partial<Record<QuestionType, string[]>> = {
  radiobutton: ['Yes', 'No'],
  list: ['One'],
  combobox: ['Two'],
  multicombobox: ['A', 'B', 'C'],
};
const q = (questionType: QuestionType, id: string = questionType): Question => ({
  id,
  title: id,
  questionType,
  ...(OPTIONS[questionType] ? { options: OPTIONS[questionType].map((value, i) => ({ id: String(i), value })) } : {}),
});
const ALL: QuestionType[] = QUESTION_TYPES.filter((t) => t !== 'formSection');
const def: FormDefinition = {
  slides: [{ name: 'S', contents: [...ALL.map((t) => q(t)), { ...q('formSection', 'section'), contents: [q('number', 'inner')] }] }],
  pagination: { type: 'page' },
  customOptions: [],
};
const issues = (answers: Answers) => checkAnswerShapes(def, answers);

/** A 1x1 RGBA PNG, as a canvas gives it. */
const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A PNG data URL: signature and IHDR with these values, then `rest` (bytes). */
function png(width: number, height: number, { bitDepth = 8, colourType = 6, interlace = 0, rest = [] as number[] } = {}): string {
  const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  const bytes = [
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...u32(13),
    ...[...'IHDR'].map((c) => c.charCodeAt(0)),
    ...u32(width),
    ...u32(height),
    bitDepth,
    colourType,
    0,
    0,
    interlace,
    ...[0, 0, 0, 0],
    ...rest,
  ];
  return DRAWING_LIMITS.prefix + btoa(String.fromCharCode(...bytes));
}

const good: Answers = {
  text: 'a',
  textArea: 'b',
  number: -1.5,
  checkbox: false,
  datetime: '2024-03-05T10:00:00.000Z',
  date: '2024-03-05',
  radiobutton: 'Yes',
  list: 'One',
  combobox: 'Two',
  multicombobox: ['A', 'B'],
  'canvasDraw-canvas-draw-data-string': '{"lines":[]}',
  'canvasDraw-canvas-draw-dataURL': TINY_PNG,
  'riskMatrix-selectedConsequence': 5,
  'riskMatrix-selectedLikelihood': 1,
  'riskMatrix-riskScore': 5,
  selectUserProfile: ['7d1f3c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b'],
  jobNumber: 'J-1',
  jobAddress: '1 Street',
  inner: 3,
  unknownKey: { anything: true },
};

describe('checkAnswerShapes', () => {
  it('accepts the answer shape of every question type, and absent or null answers', () => {
    expect(issues(good)).toEqual([]);
    expect(issues({})).toEqual([]);
    expect(issues(Object.fromEntries(Object.keys(good).map((k) => [k, null])))).toEqual([]);
  });

  it('refuses each wrong shape with a message at the question id', () => {
    const cases: [Answers, string, string][] = [
      [{ text: 5 }, 'text', answerShapeMessages.text],
      [{ jobAddress: ['x'] }, 'jobAddress', answerShapeMessages.text],
      [{ radiobutton: 1 }, 'radiobutton', answerShapeMessages.text],
      [{ number: '12' }, 'number', answerShapeMessages.number],
      [{ inner: true }, 'inner', answerShapeMessages.number],
      [{ checkbox: 'true' }, 'checkbox', answerShapeMessages.checkbox],
      [{ date: '05/03/2024' }, 'date', answerShapeMessages.date],
      [{ date: '2024-02-30' }, 'date', answerShapeMessages.date],
      [{ datetime: 'soon' }, 'datetime', answerShapeMessages.datetime],
      [{ multicombobox: 'A' }, 'multicombobox', answerShapeMessages.options],
      [{ multicombobox: ['A', 1] }, 'multicombobox', answerShapeMessages.options],
      [{ selectUserProfile: 'someone' }, 'selectUserProfile', answerShapeMessages.users],
      [{ selectUserProfile: [{ id: 'x' }] }, 'selectUserProfile', answerShapeMessages.users],
      [{ 'canvasDraw-canvas-draw-data-string': { lines: [] } }, 'canvasDraw', answerShapeMessages.drawing],
      [{ 'canvasDraw-canvas-draw-dataURL': 'javascript:alert(1)' }, 'canvasDraw', answerShapeMessages.drawing],
      [{ radiobutton: 'Maybe' }, 'radiobutton', answerShapeMessages.notAnOption],
      [{ list: 'Two' }, 'list', answerShapeMessages.notAnOption],
      [{ combobox: 'two' }, 'combobox', answerShapeMessages.notAnOption],
      [{ multicombobox: ['A', 'D'] }, 'multicombobox', answerShapeMessages.notAnOption],
    ];
    for (const [answers, path, message] of cases)
      expect(issues({ ...good, ...answers }), JSON.stringify(answers)).toEqual([{ path, message }]);
  });

  it('needs both risk matrix choices as whole numbers 1 to 5, or no risk answer at all', () => {
    const risk = (c: unknown, l: unknown, s?: unknown) =>
      issues({ 'riskMatrix-selectedConsequence': c, 'riskMatrix-selectedLikelihood': l, 'riskMatrix-riskScore': s });
    const refused = [{ path: 'riskMatrix', message: 'The risk matrix answer is not valid' }];
    expect(risk(5, 5, 1)).toEqual([]); // the score is recomputed, not checked
    expect(risk(1, 5)).toEqual([]);
    expect(risk(undefined, undefined)).toEqual([]);
    expect(risk(9, 5, 45)).toEqual(refused);
    expect(risk(0, 5, 0)).toEqual(refused);
    expect(risk('x', 5)).toEqual(refused);
    expect(risk('5', 5)).toEqual(refused);
    expect(risk(2.5, 2)).toEqual(refused);
    expect(risk(5, undefined)).toEqual(refused);
    expect(risk(undefined, 3, 3)).toEqual(refused);
    expect(risk(undefined, undefined, 12)).toEqual(refused);
  });
});

describe('drawing answers', () => {
  it('accepts a PNG data URL of drawing size in a format the PDF can show, or an empty text', () => {
    for (const url of [TINY_PNG, '', png(400, 300), png(4000, 4000), png(800, 600, { colourType: 2 }), png(10, 10, { bitDepth: 16 })])
      expect(drawingUrlError(url), url.slice(0, 80)).toBeNull();
  });

  it('refuses anything else: other types, no PNG, a huge picture, too much data', () => {
    const invalid = answerShapeMessages.drawing;
    const tooLarge = answerShapeMessages.drawingTooLarge;
    const cases: [string, string][] = [
      ['data:image/png;base64,AAAA', invalid],
      ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', invalid],
      ['data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==', invalid],
      ['data:image/png,rawbytes', invalid],
      [TINY_PNG.replace('iVBOR', 'iVBOX'), invalid],
      [`${TINY_PNG.slice(0, -4)}!!!!`, invalid],
      [TINY_PNG.slice(0, -1), invalid],
      [png(0, 10), invalid],
      [png(10, 10, { bitDepth: 4, colourType: 3 }), invalid],
      [png(10, 10, { colourType: 5 }), invalid],
      [png(10, 10, { interlace: 1 }), invalid],
      [png(30000, 30000), tooLarge],
      [png(4001, 10), tooLarge],
      [png(10, 4001), tooLarge],
      [png(0xffffffff, 1), tooLarge],
      [DRAWING_LIMITS.prefix + 'A'.repeat(DRAWING_LIMITS.maxBase64Length + 4), tooLarge],
    ];
    for (const [url, message] of cases) {
      expect(drawingUrlError(url), url.slice(0, 80)).toBe(message);
      expect(issues({ ...good, 'canvasDraw-canvas-draw-dataURL': url })).toEqual([{ path: 'canvasDraw', message }]);
    }
  });
});

describe('withRiskScores', () => {
  it('recomputes each score from its two choices whatever was sent, and drops a score without choices', () => {
    const out = withRiskScores(def, {
      'riskMatrix-selectedConsequence': 5,
      'riskMatrix-selectedLikelihood': 5,
      'riskMatrix-riskScore': 1,
      text: 'a',
    });
    expect(out).toEqual({ 'riskMatrix-selectedConsequence': 5, 'riskMatrix-selectedLikelihood': 5, 'riskMatrix-riskScore': 25, text: 'a' });
    expect(withRiskScores(def, { 'riskMatrix-selectedConsequence': 2, 'riskMatrix-selectedLikelihood': 3 })).toMatchObject({
      'riskMatrix-riskScore': 6,
    });
    expect(withRiskScores(def, { 'riskMatrix-riskScore': 12 })).toEqual({});
  });

  it('conditions on a risk matrix compare the score of the choices, not a stored one', () => {
    const target = q('riskMatrix', 'r');
    const answers = { 'r-selectedConsequence': 5, 'r-selectedLikelihood': 5, 'r-riskScore': 1 };
    expect(conditionHolds(target, { path: 'r', condition: 'equal', value: 25 }, answers)).toBe(true);
    expect(conditionHolds(target, { path: 'r', condition: 'equal', value: 1 }, answers)).toBe(false);
  });
});
