import { describe, expect, it } from 'vitest';
import { parseFormDefinition } from './definition';
import { removeHiddenAnswers } from './answers';
import { PHOTO_LIMITS, fitWithin, isLocalPhoto, photoAnswerIssues, photoAnswers, photoKey, photoMessages } from './photos';
import type { FormDefinition } from './types';

const id = (n: number) => `9b2c7f1e-1d7a-4c3b-8f55-${String(n).padStart(12, '0')}`;
const local = (n: number) => `local:${id(n)}`;

const def: FormDefinition = {
  slides: [
    {
      name: 'One',
      contents: [
        { id: 'board', title: 'Switchboard', questionType: 'radiobutton', photos: true, options: [{ id: 'y', value: 'Yes' }] },
        { id: 'notes', title: 'Notes', questionType: 'text', showConditions: [{ path: 'board', condition: 'equal', value: 'Yes' }] },
        { id: 'intro', title: 'Read me', questionType: 'statement' },
        { id: 'odd-photos', title: 'A question named like a photo key', questionType: 'text' },
      ],
    },
  ],
  pagination: { type: 'page' },
  customOptions: [],
  keepPhotoMetadata: true,
};

describe('photo fields of the definition', () => {
  it('parses photos and keepPhotoMetadata, and every older definition without them', () => {
    const parsed = parseFormDefinition(JSON.stringify(def));
    expect(parsed.ok && parsed.definition.keepPhotoMetadata).toBe(true);
    expect(parsed.ok && parsed.definition.slides[0].contents[0].photos).toBe(true);
    const old = parseFormDefinition('{"slides":[{"name":"A","contents":[{"id":"a","title":"A","questionType":"text"}]}]}');
    expect(old.ok && old.definition.keepPhotoMetadata).toBeUndefined();
  });

  it('refuses a photos flag that is not true or false', () => {
    const bad = parseFormDefinition({ ...def, keepPhotoMetadata: 'yes' });
    expect(bad.ok).toBe(false);
    const q = parseFormDefinition({ slides: [{ name: 'A', contents: [{ id: 'a', title: 'A', questionType: 'text', photos: 1 }] }] });
    expect(q.ok).toBe(false);
  });
});

describe('photoAnswerIssues', () => {
  it('accepts photo ids on any question with an answer', () => {
    expect(photoAnswerIssues(def, { [photoKey('board')]: [id(1), id(2)], [photoKey('notes')]: [id(3)] })).toEqual([]);
    expect(photoAnswers(def, { [photoKey('board')]: [id(1)] })[0].refs).toEqual([id(1)]);
  });

  it('refuses local references on the server with a clear message, and takes them on the device', () => {
    const answers = { [photoKey('board')]: [id(1), local(2)] };
    expect(photoAnswerIssues(def, answers)).toEqual([{ path: 'board-photos', message: photoMessages.notUploaded }]);
    expect(photoAnswerIssues(def, answers, true)).toEqual([]);
    expect(isLocalPhoto(local(2))).toBe(true);
    expect(isLocalPhoto('local:../../etc/passwd')).toBe(false);
  });

  it('refuses keys of no photo question, hostile keys included', () => {
    for (const key of ['intro-photos', 'missing-photos', '__proto__-photos', 'constructor-photos'])
      expect(photoAnswerIssues(def, JSON.parse(`{"${key}": ["${id(1)}"]}`))).toEqual([{ path: key, message: photoMessages.notAQuestion }]);
    // A question whose own id ends in -photos keeps its plain answer.
    expect(photoAnswerIssues(def, { 'odd-photos': 'text' })).toEqual([]);
  });

  it('refuses values that are not lists of references', () => {
    for (const value of ['x', 3, { 0: id(1) }, [1], [id(1), null]])
      expect(photoAnswerIssues(def, { 'board-photos': value })[0].message).toBe(photoMessages.notAList);
    expect(photoAnswerIssues(def, { 'board-photos': ['../x'] })[0].message).toBe(photoMessages.badReference);
    expect(photoAnswerIssues(def, { 'board-photos': [id(1), id(1)] })[0].message).toBe(photoMessages.duplicate);
  });

  it('holds a question to 20 photos and a form to 100', () => {
    const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => id(from + i));
    expect(photoAnswerIssues(def, { 'board-photos': many(0, PHOTO_LIMITS.perQuestion) })).toEqual([]);
    expect(photoAnswerIssues(def, { 'board-photos': many(0, PHOTO_LIMITS.perQuestion + 1) })[0].message).toBe(
      photoMessages.tooManyOnQuestion,
    );
    const big: FormDefinition = {
      ...def,
      slides: [
        { name: 'Many', contents: Array.from({ length: 6 }, (_, i) => ({ id: `q${i}`, title: `Q${i}`, questionType: 'text' as const })) },
      ],
    };
    const answers = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`q${i}-photos`, many(i * 20, 20)]));
    expect(photoAnswerIssues(big, answers)).toEqual([{ path: 'photos', message: photoMessages.tooManyOnSubmission }]);
  });

  it("removes a hidden question's photos with its answer", () => {
    const kept = removeHiddenAnswers(def, { board: 'No', notes: 'x', 'notes-photos': [id(1)], 'board-photos': [id(2)] });
    expect(kept).toEqual({ board: 'No', 'board-photos': [id(2)] });
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping proportions', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(4032, 3024, 400)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(10000, 1, 2000)).toEqual({ width: 2000, height: 1 });
  });

  it('never enlarges', () => {
    expect(fitWithin(1200, 800, 2000)).toEqual({ width: 1200, height: 800 });
    expect(fitWithin(2000, 2000, 2000)).toEqual({ width: 2000, height: 2000 });
  });
});
