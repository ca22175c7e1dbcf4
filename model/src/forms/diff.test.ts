import { describe, it, expect } from 'vitest';
import { describeChange, diffDefinitions, type DefinitionChange } from './diff';
import type { FormDefinition, Question, Slide } from './types';

const q = (id: string, title: string, extra: Partial<Question> = {}): Question => ({ id, title, questionType: 'text', ...extra });
const form = (...slides: Slide[]): FormDefinition => ({ slides, pagination: { type: 'page' }, customOptions: [] });

const base = (): FormDefinition =>
  form(
    { name: 'Details', contents: [q('site', 'Site'), q('date', 'Date', { questionType: 'date' })] },
    {
      name: 'Hazards',
      contents: [q('haz', 'Hazard'), q('ppe', 'PPE', { questionType: 'formSection', contents: [q('gloves', 'Gloves')] })],
    },
  );

const sentences = (a: FormDefinition, b: FormDefinition): string[] => diffDefinitions(a, b).map(describeChange);

describe('diffDefinitions and describeChange', () => {
  it('finds nothing between equal definitions', () => {
    expect(diffDefinitions(base(), base())).toEqual([]);
  });

  it('reports a title change with old and new values', () => {
    const after = base();
    after.slides[0].contents[0] = q('site', 'Site name');
    const changes = diffDefinitions(base(), after);
    expect(changes).toEqual([
      { kind: 'questionChanged', id: 'site', title: 'Site name', field: 'title', before: 'Site', after: 'Site name' },
    ]);
    expect(describeChange(changes[0])).toBe('Question "Site name" title changed from "Site" to "Site name".');
  });

  it('reports slides added, removed and renamed', () => {
    const added = base();
    added.slides.push({ name: 'Sign off', contents: [] });
    expect(sentences(base(), added)).toEqual(['Slide "Sign off" added.']);
    expect(sentences(added, base())).toEqual(['Slide "Sign off" removed.']);
    const renamed = base();
    renamed.slides[1] = { ...renamed.slides[1], name: 'Hazards and controls' };
    expect(sentences(base(), renamed)).toEqual(['Slide 2 renamed from "Hazards" to "Hazards and controls".']);
  });

  it('reports a moved slide once, not every slide it passed', () => {
    const b = form({ name: 'A', contents: [] }, { name: 'B', contents: [] }, { name: 'C', contents: [] });
    const a = form({ name: 'C', contents: [] }, { name: 'A', contents: [] }, { name: 'B', contents: [] });
    expect(diffDefinitions(b, a)).toEqual([{ kind: 'slideMoved', slide: 'C', from: 2, to: 0 }]);
    expect(sentences(b, a)).toEqual(['Slide "C" moved from position 3 to 1.']);
  });

  it('reports questions added and removed with their slide', () => {
    const after = base();
    after.slides[1].contents.push(q('ctrl', 'Controls'));
    after.slides[0].contents.splice(1, 1);
    expect(sentences(base(), after)).toEqual([
      'Question "Date" removed from slide "Details".',
      'Question "Controls" added to slide "Hazards".',
    ]);
  });

  it('reports questions moved between slides and into or out of sections', () => {
    const after = base();
    const [site] = after.slides[0].contents.splice(0, 1);
    after.slides[1].contents[1] = { ...after.slides[1].contents[1], contents: [q('gloves', 'Gloves'), site] };
    expect(sentences(base(), after)).toEqual(['Question "Site" moved from "Details" to "Hazards / PPE".']);
    const out = base();
    out.slides[1].contents = [q('haz', 'Hazard'), { ...out.slides[1].contents[1], contents: [] }, q('gloves', 'Gloves')];
    expect(diffDefinitions(base(), out)).toEqual([
      { kind: 'questionMoved', id: 'gloves', title: 'Gloves', from: 'Hazards / PPE', to: 'Hazards' },
    ]);
  });

  it('reports a reordered question within its slide', () => {
    const after = base();
    after.slides[0].contents.reverse();
    const changes = diffDefinitions(base(), after);
    expect(changes).toHaveLength(1);
    expect(describeChange(changes[0])).toMatch(/^Question "(Site|Date)" reordered within "Details"\.$/);
  });

  it('follows a question when its slide is renamed and moved', () => {
    const after = form({ name: 'Risks', contents: base().slides[1].contents }, { name: 'Details', contents: base().slides[0].contents });
    const changes = diffDefinitions(base(), after);
    expect(changes.map(describeChange)).toContain('Slide 1 renamed from "Hazards" to "Risks".');
    // Two slides swapped: one of them is reported as moved, and no question moved.
    expect(changes.map((c) => c.kind).sort()).toEqual(['slideMoved', 'slideRenamed']);
  });

  it('reports every compared field with readable values', () => {
    const before = form({
      name: 'S',
      contents: [
        q('x', 'Choice', {
          questionType: 'list',
          options: [{ id: '1', value: 'Yes' }],
          validators: [{ path: 'x', validator: 'required' }],
        }),
      ],
    });
    const after = form({
      name: 'S',
      contents: [
        q('x', 'Choice', {
          questionType: 'combobox',
          toolTip: 'Pick one',
          className: 'wide',
          content: 'Read me',
          options: [
            { id: '1', value: 'Yes' },
            { id: '2', value: 'No' },
          ],
          showConditions: [{ path: 'y', condition: 'equal', value: 'on' }],
          notAfterChange: true,
        }),
      ],
    });
    expect(sentences(before, after)).toEqual([
      'Question "Choice" type changed from "List" to "Combobox".',
      'Question "Choice" tooltip changed from nothing to "Pick one".',
      'Question "Choice" class changed from nothing to "wide".',
      'Question "Choice" content changed from nothing to "Read me".',
      'Question "Choice" options changed from "Yes" to "Yes, No".',
      'Question "Choice" show conditions changed from nothing to "y is on".',
      'Question "Choice" validators changed from "required" to nothing.',
      'Question "Choice" "not after change" changed from nothing to yes.',
    ]);
  });

  it('treats an empty list like an absent one and ignores key order', () => {
    const before = form({ name: 'S', contents: [q('x', 'X', { validators: [] })] });
    const after = form({ name: 'S', contents: [{ questionType: 'text', title: 'X', id: 'x' }] });
    expect(diffDefinitions(before, after)).toEqual([]);
    const c1 = form({ name: 'S', contents: [q('x', 'X', { showConditions: [{ path: 'a', condition: 'equal', value: 1 }] })] });
    const c2 = form({ name: 'S', contents: [q('x', 'X', { showConditions: [{ value: 1, condition: 'equal', path: 'a' }] })] });
    expect(diffDefinitions(c1, c2)).toEqual([]);
  });

  it("treats a validator's path to its own question like none (the designer writes it, older versions lack it)", () => {
    const before = form({ name: 'S', contents: [q('x', 'X', { validators: [{ validator: 'required' } as never] })] });
    const after = form({ name: 'S', contents: [q('x', 'X', { validators: [{ path: 'x', validator: 'required' }] })] });
    expect(diffDefinitions(before, after)).toEqual([]);
    // A path to another question is a real change.
    const other = form({ name: 'S', contents: [q('x', 'X', { validators: [{ path: 'y', validator: 'required' }] })] });
    expect(sentences(after, other)).toHaveLength(1);
  });

  it('words conditions on lists and numbers', () => {
    const change: DefinitionChange = {
      kind: 'questionChanged',
      id: 'x',
      title: 'X',
      field: 'showConditions',
      before: [{ path: 'n', condition: 'greaterThanOrEqual', value: 3 }],
      after: [
        { path: 'm', condition: 'equal', value: ['a', 'b'] },
        { path: 'n', condition: 'lessThan', value: 9 },
      ],
    };
    expect(describeChange(change)).toBe(
      'Question "X" show conditions changed from "n is at least 3" to "m is a or b and n is less than 9".',
    );
  });

  it('reports a pagination change', () => {
    const after = { ...base(), pagination: { type: 'scroll' as const } };
    const changes: DefinitionChange[] = diffDefinitions(base(), after);
    expect(changes.map(describeChange)).toEqual(['Pagination changed from "page" to "scroll".']);
    expect(describeChange({ kind: 'paginationChanged', before: '', after: 'page' })).toBe('Pagination changed from nothing to "page".');
  });
});
