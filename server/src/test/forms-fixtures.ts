import { deflateSync } from 'node:zlib';
import { newCompleteSlide, newReviewSlide, riskMatrixAnswers, type Answers, type FormDefinition, type Question } from '@hub/model/forms';
import type { SubmissionPdfInput } from '../forms/pdf';

/**
 * Sample data for tests and the PDF benchmark: a 1x1 PNG drawing, answers that complete the
 * demo Risk Assessment, and a large form to time the PDF with.
 */

export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A PNG data URL built from its parts (chunk CRCs left zero: nothing reads them), for tests of bad drawings. */
export function pngDataUrl(o: { width: number; height: number; idat: Buffer; bitDepth?: number; colourType?: number }): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(o.width, 0);
  ihdr.writeUInt32BE(o.height, 4);
  ihdr[8] = o.bitDepth ?? 8;
  ihdr[9] = o.colourType ?? 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', o.idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Drawings that once crashed the PDF or took gigabytes: each has a sound PNG header but
 * cannot be decoded safely. Refused on save; shown as text if found in the database.
 */
export const BAD_DRAWINGS: Record<string, string> = {
  /** 1x1, image data that is no zlib stream: png-js threw outside any try/catch. */
  corruptImageData: pngDataUrl({ width: 1, height: 1, idat: Buffer.from('this is not zlib data, just bytes') }),
  /** 30000x30000: png-js allocated 3.6 GB. */
  hugeDimensions: pngDataUrl({ width: 30000, height: 30000, idat: deflateSync(Buffer.alloc(64)) }),
  /** 2x2 whose rows name filter 7, which png-js throws on, asynchronously. */
  badFilter: pngDataUrl({ width: 2, height: 2, idat: deflateSync(Buffer.from([7, ...Array(8).fill(0), 7, ...Array(8).fill(0)])) }),
  /** 10x10 whose data inflates to 1 MB. */
  tooMuchData: pngDataUrl({ width: 10, height: 10, idat: deflateSync(Buffer.alloc(1_000_000)) }),
  /** 10x10 whose data is cut short. */
  truncated: pngDataUrl({ width: 10, height: 10, idat: deflateSync(Buffer.alloc(410)).subarray(0, 8) }),
};

/** Answers that complete the seeded Risk Assessment (server/src/seed/forms.ts). */
export function riskAssessmentAnswers(extra: Answers = {}): Answers {
  return {
    jobNumber: 'J-1001',
    jobAddress: '12 Example Street, Melbourne',
    date: '2026-05-01T10:00:00.000Z',
    task: 'Replace the main switchboard',
    hazards: ['Live conductors', 'Working at heights'],
    heights: true,
    fallProtection: 'Harness and anchor point',
    ...riskMatrixAnswers('risk', 4, 4),
    controls: 'Isolate, test for dead, lock out and tag',
    ...riskMatrixAnswers('residual', 2, 2),
    'siteSketch-canvas-draw-data-string': JSON.stringify({ lines: [{ points: [{ x: 1, y: 1 }] }] }),
    'siteSketch-canvas-draw-dataURL': TINY_PNG,
    ...extra,
  };
}

/** A form of `n` questions of every answerable kind over five slides, with answers, for timing the PDF. */
export function largeForm(n = 50): { definition: FormDefinition; answers: Answers; userNames: Record<string, string> } {
  const user = '7d1f3c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b';
  const kinds: ((i: number) => [Question, Answers])[] = [
    (i) => [
      { id: `q${i}`, title: `Describe step ${i} of the job in a few words`, questionType: 'textArea' },
      { [`q${i}`]: `Step ${i}: isolate the circuit, test for dead, and fit a lock and danger tag before work starts. `.repeat(2) },
    ],
    (i) => [{ id: `q${i}`, title: `Reading ${i}`, questionType: 'number' }, { [`q${i}`]: i * 1.5 }],
    (i) => [{ id: `q${i}`, title: `Checked item ${i}`, questionType: 'checkbox' }, { [`q${i}`]: i % 2 === 0 }],
    (i) => [{ id: `q${i}`, title: `Date ${i}`, questionType: 'date' }, { [`q${i}`]: '2026-05-01' }],
    (i) => [{ id: `q${i}`, title: `Time ${i}`, questionType: 'datetime' }, { [`q${i}`]: '2026-05-01T10:30:00.000Z' }],
    (i) => [
      {
        id: `q${i}`,
        title: `Choice ${i}`,
        questionType: 'radiobutton',
        options: [
          { id: '1', value: 'Yes' },
          { id: '2', value: 'No' },
        ],
      },
      { [`q${i}`]: 'Yes' },
    ],
    (i) => [
      {
        id: `q${i}`,
        title: `Hazards ${i}`,
        questionType: 'multicombobox',
        options: ['Live conductors', 'Heights', 'Asbestos'].map((value, k) => ({ id: String(k), value })),
      },
      { [`q${i}`]: ['Live conductors', 'Heights'] },
    ],
    (i) => [{ id: `q${i}`, title: `Risk ${i}`, questionType: 'riskMatrix' }, riskMatrixAnswers(`q${i}`, (i % 5) + 1, ((i + 2) % 5) + 1)],
    (i) => [{ id: `q${i}`, title: `Supervisor ${i}`, questionType: 'selectUserProfile' }, { [`q${i}`]: [user] }],
    (i) => [
      {
        id: `q${i}`,
        title: `Note ${i}`,
        questionType: 'statement',
        content: 'Stop work if anything changes on site.',
        className: i % 2 ? 'Important' : 'Light',
      },
      {},
    ],
  ];
  const questions: Question[] = [];
  let answers: Answers = {};
  for (let i = 0; i < n; i++) {
    const [q, a] =
      i === n - 1
        ? [
            { id: `q${i}`, title: 'Sketch', questionType: 'canvasDraw' } as Question,
            { [`q${i}-canvas-draw-dataURL`]: TINY_PNG, [`q${i}-canvas-draw-data-string`]: '{"lines":[1]}' },
          ]
        : kinds[i % kinds.length](i);
    questions.push(q);
    answers = { ...answers, ...a };
  }
  const per = Math.ceil(n / 5);
  const slides = Array.from({ length: 5 }, (_, s) => ({ name: `Part ${s + 1}`, contents: questions.slice(s * per, (s + 1) * per) }));
  answers = {
    ...answers,
    'complete-notify': [user],
    'ReviewSlide-option': 'CI Improvement Opportunity',
    'ReviewSlide-comments': 'Label the new circuits.',
  };
  return {
    definition: { slides: [...slides, newCompleteSlide(), newReviewSlide()], pagination: { type: 'page' }, customOptions: [] },
    answers,
    userNames: { [user]: 'Sam Safety' },
  };
}

/** The PDF input of a large form, as the PDF route would load it. */
export function largePdfInput(n = 50): SubmissionPdfInput {
  const { definition, answers, userNames } = largeForm(n);
  return {
    formName: 'Job Safety Risk Assessment',
    version: 3,
    definition,
    answers,
    owner: { name: 'Will Woods', email: 'worker@sparkright.example' },
    created: new Date('2026-05-01T00:15:00Z'),
    modified: new Date('2026-05-02T06:45:00Z'),
    isCompleted: true,
    timeZone: 'Australia/Melbourne',
    userNames,
    review: { timeReviewed: new Date('2026-05-03T01:00:00Z'), reviewer: 'Sam Safety' },
  };
}
