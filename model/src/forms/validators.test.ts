import { describe, it, expect } from 'vitest';
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
