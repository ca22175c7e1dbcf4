import { afterEach, describe, it, expect } from 'vitest';
import { validateForm, validateQuestion, validateSlide, VALIDATORS_BY_TYPE } from './validators';
import { newReviewSlide } from './slides';
import type { Answers, FormDefinition, Question, QuestionType } from './types';

const q = (questionType: QuestionType, id = 'q', extra: Partial<Question> = {}): Question => ({ id, title: id, questionType, ...extra });
const formOf = (...questions: Question[]): FormDefinition => ({
  slides: [{ name: 'S', contents: questions }],
  pagination: { type: 'page' },
  customOptions: [],
});
// Local time, so the expected DD/MM/YYYY texts hold in any time zone.
const now = new Date(2024, 2, 10, 12, 0);

/** Validates one question of the given type carrying one validator. */
function run(type: QuestionType, validator: string, answer: unknown, additionalData?: unknown): string | null {
  const question = q(type, 'q', { validators: [{ path: 'q', validator, additionalData }] });
  return validateQuestion(question, formOf(question), answer === undefined ? {} : { q: answer }, now);
}

describe('required', () => {
  it('fails on every answerable type when unanswered', () => {
    for (const type of Object.keys(VALIDATORS_BY_TYPE) as QuestionType[]) {
      if (type === 'statement' || type === 'formSection') continue;
      expect(run(type, 'required', undefined)).toBe('This field is required');
    }
  });

  it('fails on blank text, an empty multi-select and an unticked checkbox', () => {
    expect(run('text', 'required', '  ')).toBe('This field is required');
    expect(run('multicombobox', 'required', [])).toBe('This field is required');
    expect(run('selectUserProfile', 'required', [])).toBe('This field is required');
    expect(run('checkbox', 'required', false)).toBe('This field is required');
  });

  it('passes when answered, risk matrix and canvas by their derived keys', () => {
    expect(run('text', 'required', 'x')).toBeNull();
    expect(run('number', 'required', 0)).toBeNull();
    expect(run('multicombobox', 'required', ['A'])).toBeNull();
    const risk = q('riskMatrix', 'r', { validators: [{ path: 'r', validator: 'required' }] });
    expect(validateQuestion(risk, formOf(risk), { 'r-selectedConsequence': 1 }, now)).toBe('This field is required');
    expect(validateQuestion(risk, formOf(risk), { 'r-selectedConsequence': 1, 'r-selectedLikelihood': 1 }, now)).toBeNull();
    const draw = q('canvasDraw', 'c', { validators: [{ path: 'c', validator: 'required' }] });
    expect(validateQuestion(draw, formOf(draw), { 'c-canvas-draw-data-string': '' }, now)).toBe('This field is required');
    expect(validateQuestion(draw, formOf(draw), { 'c-canvas-draw-data-string': '{"lines":[{}]}' }, now)).toBeNull();
  });
});

describe('text validators', () => {
  it('email', () => {
    for (const type of ['text', 'textArea', 'jobNumber', 'jobAddress'] as const) {
      expect(run(type, 'email', 'a.b@example.com.au')).toBeNull();
      expect(run(type, 'email', 'a.b@example')).toBe('Please enter a valid email');
    }
    expect(run('text', 'email', 'no at sign')).toBe('Please enter a valid email');
  });

  it('phone: 8 digits, 10 digits or a bracketed country code with spaced groups', () => {
    for (const ok of ['98765432', '0412345678', '(+61) 412 345 678', '(+61) 2 9876 5432', '(+1) 555 123 4567'])
      expect(run('text', 'phone', ok)).toBeNull();
    for (const bad of ['1234567', '123456789', '04123456789', '+61 412 345 678', '(+61) 412345678', '(61) 412 345 678', '0412 345 678'])
      expect(run('text', 'phone', bad)).toBe('This field should be a valid phone number');
  });

  it('custom: a bare or slash-delimited pattern from additionalData', () => {
    expect(run('text', 'custom', 'JOB-123', '^JOB-\\d+$')).toBeNull();
    expect(run('text', 'custom', 'job-123', '^JOB-\\d+$')).toBe('The given input is invalid');
    expect(run('text', 'custom', 'job-123', '/^JOB-\\d+$/i')).toBeNull();
  });

  it('custom without a usable pattern is not implemented', () => {
    expect(run('text', 'custom', 'x', '(')).toBe('A validator on this field is not implemented');
    expect(run('text', 'custom', 'x')).toBe('A validator on this field is not implemented');
  });
});

describe('number validators', () => {
  it('each comparison passes and fails with its message', () => {
    const cases: [string, number, number, string | null][] = [
      ['equalNumber', 5, 5, null],
      ['equalNumber', 4, 5, 'The value 4 is not equal to 5'],
      ['notEqualNumber', 4, 5, null],
      ['notEqualNumber', 5, 5, 'The value 5 must not be equal to 5'],
      ['greaterThan', 6, 5, null],
      ['greaterThan', 5, 5, 'The value 5 is not greater than 5'],
      ['greaterThanOrEqual', 5, 5, null],
      ['greaterThanOrEqual', 4.5, 5, 'The value 4.5 is not greater than or equal to 5'],
      ['lessThan', 4, 5, null],
      ['lessThan', 5, 5, 'The value 5 is not less than 5'],
      ['lessThanOrEqual', 5, 5, null],
      ['lessThanOrEqual', -1, -2, 'The value -1 is not less than or equal to -2'],
    ];
    for (const [validator, value, bound, message] of cases) expect(run('number', validator, value, bound)).toBe(message);
  });

  it('reads a numeric string bound and skips a bound that is not numeric', () => {
    expect(run('number', 'greaterThan', 3, '10')).toBe('The value 3 is not greater than 10');
    expect(run('number', 'greaterThan', 3, 'ten')).toBeNull();
    expect(run('number', 'greaterThan', 3, '')).toBeNull();
    expect(run('number', 'greaterThan', 3)).toBeNull();
  });

  it('rejects an answer that is not a number', () => {
    expect(run('number', 'lessThan', 'abc', 10)).toBe('The value must be a number');
  });
});

describe('date validators', () => {
  it('past and future against now', () => {
    expect(run('datetime', 'past', new Date(2024, 2, 10, 11, 59).toISOString())).toBeNull();
    expect(run('datetime', 'past', new Date(2024, 2, 10, 12, 1).toISOString())).toBe('This date time needs to be in the past');
    expect(run('datetime', 'future', new Date(2024, 2, 10, 12, 1).toISOString())).toBeNull();
    expect(run('datetime', 'future', new Date(2024, 2, 10, 11, 59).toISOString())).toBe('This date time needs to be in the future');
  });

  it('a date answer is its local midnight: today is past, not future', () => {
    expect(run('date', 'past', '2024-03-10')).toBeNull();
    expect(run('date', 'past', '2024-03-11')).toBe('This date time needs to be in the past');
    expect(run('date', 'future', '2024-03-11')).toBeNull();
    expect(run('date', 'future', '2024-03-10')).toBe('This date time needs to be in the future');
  });

  it('after and before a date, shown as DD/MM/YYYY', () => {
    expect(run('date', 'after', '2024-03-06', '2024-03-05')).toBeNull();
    expect(run('date', 'after', '2024-03-05', '2024-03-05')).toBe('This date time needs to be after 05/03/2024');
    expect(run('date', 'before', '2024-03-04', '2024-03-05')).toBeNull();
    expect(run('date', 'before', '2024-03-05', '2024-03-05T18:00')).toBe('This date time needs to be before 05/03/2024');
  });

  it('after and before a date time, shown as DD/MM/YYYY hh:mm A', () => {
    expect(run('datetime', 'after', '2024-03-05T14:31', '2024-03-05T14:30')).toBeNull();
    expect(run('datetime', 'after', '2024-03-05T14:30', '2024-03-05T14:30')).toBe('This date time needs to be after 05/03/2024 02:30 PM');
    expect(run('datetime', 'before', '2024-03-05T00:04', '2024-03-05T00:05')).toBeNull();
    expect(run('datetime', 'before', '2024-03-06T09:00', '2024-03-05T00:05')).toBe('This date time needs to be before 05/03/2024 12:05 AM');
    expect(run('datetime', 'before', '2024-03-06T09:00', '2024-03-05T12:00')).toBe('This date time needs to be before 05/03/2024 12:00 PM');
  });

  it('skips a bound that is not a date', () => {
    expect(run('date', 'after', '2024-03-05', 'someday')).toBeNull();
  });

  it("reads a date bound's own calendar day, without a time-zone conversion", () => {
    // 23:00 UTC is already the 6th east of Greenwich, yet the designer wrote the 5th.
    expect(run('date', 'after', '2024-03-05', '2024-03-05T23:00:00Z')).toBe('This date time needs to be after 05/03/2024');
    expect(run('date', 'after', '2024-03-06', '2024-03-05T23:00:00Z')).toBeNull();
    expect(run('date', 'before', '2024-03-05', '2024-03-05T00:30:00+10:00')).toBe('This date time needs to be before 05/03/2024');
  });
});

describe('date rules on the server (zoneSlack)', () => {
  // Node reads TZ again whenever it is set (the model has no Node types, hence the cast).
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
  const saved = env.TZ;
  afterEach(() => {
    if (saved === undefined) delete env.TZ;
    else env.TZ = saved;
  });
  const formWith = (type: QuestionType, validator: string, additionalData?: unknown) =>
    formOf(q(type, 'd', { validators: [{ path: 'd', validator, additionalData }] }));
  const check = (def: FormDefinition, answer: unknown, at: Date, zoneSlack?: boolean) =>
    validateForm(def, { d: answer }, at, { zoneSlack }).map((i) => i.message);

  // 07:00 on 10 March in Sydney; still the 9th in UTC, and in Honolulu (UTC-10) 10:00 on the 9th.
  const sydneyMorning = new Date('2024-03-09T20:00:00Z');

  it("accepts today's date as past for a user in Sydney, though the server's clock is in UTC", () => {
    const past = formWith('date', 'past');
    env.TZ = 'Australia/Sydney';
    expect(check(past, '2024-03-10', sydneyMorning)).toEqual([]);
    env.TZ = 'UTC';
    // Strict, in the server's zone, the browser's answer would be refused...
    expect(check(past, '2024-03-10', sydneyMorning)).toEqual(['This date time needs to be in the past']);
    // ...so the server allows for any zone on earth: up to the latest date anywhere (UTC+14).
    expect(check(past, '2024-03-10', sydneyMorning, true)).toEqual([]);
    expect(check(past, '2024-03-11', sydneyMorning, true)).toEqual(['This date time needs to be in the past']);
    // At 10:00 UTC it is the next day at UTC+14 (Kiritimati).
    expect(check(past, '2024-03-11', new Date('2024-03-10T10:00:00Z'), true)).toEqual([]);
  });

  it("accepts as future any day after today's date somewhere (UTC-12)", () => {
    const future = formWith('date', 'future');
    // 10:00 UTC on the 10th is 22:00 on the 9th at UTC-12: the 10th is still to come there.
    env.TZ = 'UTC';
    const at = new Date('2024-03-10T10:00:00Z');
    expect(check(future, '2024-03-10', at)).toEqual(['This date time needs to be in the future']);
    expect(check(future, '2024-03-10', at, true)).toEqual([]);
    expect(check(future, '2024-03-09', at, true)).toEqual(['This date time needs to be in the future']);
    // From 12:00 UTC the 10th has begun everywhere.
    expect(check(future, '2024-03-10', new Date('2024-03-10T12:00:00Z'), true)).toEqual(['This date time needs to be in the future']);
  });

  it('gives the same result in every server zone', () => {
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Australia/Sydney', 'America/Los_Angeles']) {
      env.TZ = zone;
      expect(check(formWith('date', 'past'), '2024-03-10', sydneyMorning, true), zone).toEqual([]);
      expect(check(formWith('date', 'past'), '2024-03-11', sydneyMorning, true), zone).toHaveLength(1);
      expect(check(formWith('date', 'future'), '2024-03-10', sydneyMorning, true), zone).toEqual([]);
      expect(check(formWith('date', 'future'), '2024-03-09', sydneyMorning, true), zone).toHaveLength(1);
      expect(check(formWith('date', 'after', '2024-03-05'), '2024-03-05', sydneyMorning, true), zone).toEqual([
        'This date time needs to be after 05/03/2024',
      ]);
      expect(check(formWith('date', 'before', '2024-03-05T23:30:00Z'), '2024-03-05', sydneyMorning, true), zone).toEqual([
        'This date time needs to be before 05/03/2024',
      ]);
    }
  });

  it('compares datetime answers exactly, as instants', () => {
    env.TZ = 'UTC';
    const past = formWith('datetime', 'past');
    expect(check(past, '2024-03-09T20:01:00.000Z', sydneyMorning, true)).toEqual(['This date time needs to be in the past']);
    expect(check(past, '2024-03-09T19:59:00.000Z', sydneyMorning, true)).toEqual([]);
    const zoned = formWith('datetime', 'after', '2024-03-05T14:30:00+11:00');
    expect(check(zoned, '2024-03-05T03:31:00.000Z', sydneyMorning, true)).toEqual([]);
    expect(check(zoned, '2024-03-05T03:29:00.000Z', sydneyMorning, true)).toHaveLength(1);
  });

  it('takes a zone-less datetime bound at its most lenient zone, and shows it as written', () => {
    env.TZ = 'UTC';
    const after = formWith('datetime', 'after', '2024-03-05T14:30');
    // 14:31 in Sydney (UTC+11) is 03:31 UTC: before 14:30 read in UTC, after it read in Sydney.
    expect(check(after, '2024-03-05T03:31:00.000Z', sydneyMorning)).toEqual(['This date time needs to be after 05/03/2024 02:30 PM']);
    expect(check(after, '2024-03-05T03:31:00.000Z', sydneyMorning, true)).toEqual([]);
    expect(check(after, '2024-03-05T00:29:00.000Z', sydneyMorning, true)).toEqual(['This date time needs to be after 05/03/2024 02:30 PM']);
    const before = formWith('datetime', 'before', '2024-03-05T14:30');
    expect(check(before, '2024-03-06T02:29:00.000Z', sydneyMorning, true)).toEqual([]);
    expect(check(before, '2024-03-06T02:31:00.000Z', sydneyMorning, true)).toEqual([
      'This date time needs to be before 05/03/2024 02:30 PM',
    ]);
  });
});

describe('validateQuestion', () => {
  it('reports unknown validators and those not offered for the type', () => {
    expect(run('text', 'luhn', 'x')).toBe('A validator on this field is not implemented');
    expect(run('text', 'greaterThan', 'x', 1)).toBe('A validator on this field is not implemented');
    expect(run('checkbox', 'email', true)).toBe('A validator on this field is not implemented');
  });

  it('reports a validator whose path names no question', () => {
    const question = q('text', 'q', { validators: [{ path: 'gone', validator: 'required' }] });
    expect(validateQuestion(question, formOf(question), {}, now)).toBe('Could not find the question this validator maps to');
  });

  it('checks the question the path names', () => {
    const other = q('text', 'other');
    const question = q('text', 'q', { validators: [{ path: 'other', validator: 'required' }] });
    expect(validateQuestion(question, formOf(question, other), { q: 'x' }, now)).toBe('This field is required');
    expect(validateQuestion(question, formOf(question, other), { other: 'x' }, now)).toBeNull();
  });

  it('skips optional validators on an empty answer and returns the first failure', () => {
    expect(run('text', 'email', '')).toBeNull();
    expect(run('number', 'greaterThan', undefined, 5)).toBeNull();
    const question = q('text', 'q', {
      validators: [
        { path: 'q', validator: 'email' },
        { path: 'q', validator: 'custom', additionalData: '^x' },
      ],
    });
    expect(validateQuestion(question, formOf(question), { q: 'nope' }, now)).toBe('Please enter a valid email');
    expect(validateQuestion(question, formOf(question), { q: 'y@b.co' }, now)).toBe('The given input is invalid');
  });

  it('never checks statements and sections', () => {
    const statement = q('statement', 'q', { validators: [{ path: 'q', validator: 'required' }] });
    expect(validateQuestion(statement, formOf(statement), {}, now)).toBeNull();
  });
});

describe('validateSlide and validateForm', () => {
  const required = (id: string) => [{ path: id, validator: 'required' }];
  const def: FormDefinition = {
    slides: [
      {
        name: 'One',
        contents: [
          q('checkbox', 'injured'),
          q('text', 'name', { validators: required('name') }),
          q('formSection', 'sec', {
            showConditions: [{ path: 'injured', condition: 'equal', value: true }],
            contents: [q('textArea', 'how', { validators: required('how') })],
          }),
        ],
      },
      {
        name: 'Two',
        contents: [
          q('number', 'count', { validators: [...required('count'), { path: 'count', validator: 'lessThan', additionalData: 10 }] }),
        ],
      },
      newReviewSlide(),
    ],
    pagination: { type: 'page' },
    customOptions: [],
  };

  it('checks the visible questions of one slide', () => {
    expect(validateSlide(def, 0, {}, now)).toEqual([{ path: 'name', message: 'This field is required' }]);
    expect(validateSlide(def, 0, { injured: true }, now)).toEqual([
      { path: 'name', message: 'This field is required' },
      { path: 'how', message: 'This field is required' },
    ]);
    expect(validateSlide(def, 1, { count: 12 }, now)).toEqual([{ path: 'count', message: 'The value 12 is not less than 10' }]);
    expect(validateSlide(def, 7, {}, now)).toEqual([]);
  });

  it('checks every slide but the review slide on submit', () => {
    const answers: Answers = { injured: true };
    expect(validateForm(def, answers, now)).toEqual([
      { path: 'name', message: 'This field is required' },
      { path: 'how', message: 'This field is required' },
      { path: 'count', message: 'This field is required' },
    ]);
    expect(validateForm(def, { name: 'A', count: 1 }, now)).toEqual([]);
    // The review slide on its own still requires its option (checked when a manager reviews).
    expect(validateSlide(def, 2, {}, now)).toEqual([{ path: 'ReviewSlide-option', message: 'This field is required' }]);
  });
});
