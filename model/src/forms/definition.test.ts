import { describe, it, expect } from 'vitest';
import { MAX_SECTION_DEPTH, allQuestions, findQuestion, parentSection, parseFormDefinition, slideQuestions } from './definition';
import type { FormDefinition } from './types';
import { isAnswered } from './answers';
import { designerMessages } from './messages';

const def: FormDefinition = {
  slides: [
    {
      name: 'One',
      contents: [
        { id: 'a', title: 'A', questionType: 'text' },
        {
          id: 'sec',
          title: 'Section',
          questionType: 'formSection',
          contents: [
            { id: 'b', title: 'B', questionType: 'number' },
            { id: 'inner', title: 'Inner', questionType: 'formSection', contents: [{ id: 'c', title: 'C', questionType: 'date' }] },
          ],
        },
        { id: 'd', title: 'D', questionType: 'checkbox' },
      ],
    },
    { name: 'Two', contents: [{ id: 'e', title: 'E', questionType: 'riskMatrix' }] },
  ],
  pagination: { type: 'page' },
  customOptions: [],
};

function failure(input: unknown): string {
  const result = parseFormDefinition(input);
  if (result.ok) throw new Error('expected a failure');
  return result.message;
}

describe('parseFormDefinition', () => {
  it('accepts an object and the same definition as JSON text', () => {
    expect(parseFormDefinition(def)).toEqual({ ok: true, definition: def });
    expect(parseFormDefinition(JSON.stringify(def))).toEqual({ ok: true, definition: def });
  });

  it('accepts every question type, operator and the full question shape', () => {
    const full = {
      slides: [
        {
          name: 'S',
          contents: [
            {
              id: 'q',
              title: 'Q',
              questionType: 'radiobutton',
              options: [{ id: '1', value: 'Yes' }],
              toolTip: 'tip',
              className: 'horizontal',
              content: 'text',
              notAfterChange: true,
              showConditions: [{ path: 'a', condition: 'greaterThanOrEqual', value: ['1', '2'] }],
              validators: [{ path: 'q', validator: 'custom', additionalData: '^x$' }],
            },
          ],
        },
      ],
      pagination: { type: 'url' },
      customOptions: [{ anything: 1 }],
    };
    expect(parseFormDefinition(full)).toEqual({ ok: true, definition: full });
  });

  it("defaults a validator's missing path to its own question", () => {
    const result = parseFormDefinition({
      slides: [{ name: 'S', contents: [{ id: 'q', title: 'Q', questionType: 'text', validators: [{ validator: 'required' }] }] }],
      pagination: { type: 'page' },
      customOptions: [],
    });
    expect(result.ok && result.definition.slides[0].contents[0].validators).toEqual([{ path: 'q', validator: 'required' }]);
  });

  it('defaults a missing pagination to empty and customOptions to none', () => {
    expect(parseFormDefinition({ slides: [] })).toEqual({
      ok: true,
      definition: { slides: [], pagination: { type: '' }, customOptions: [] },
    });
  });

  it('keeps keys it does not know so a round trip loses nothing', () => {
    const result = parseFormDefinition({ slides: [{ name: 'S', contents: [{ id: 'q', title: 'Q', questionType: 'text', extra: 1 }] }] });
    expect(result.ok && result.definition.slides[0].contents[0]).toEqual({ id: 'q', title: 'Q', questionType: 'text', extra: 1 });
  });

  it('names the path of an unknown question type, also inside sections', () => {
    const bad = structuredClone(def) as unknown as { slides: { contents: Record<string, unknown>[] }[] };
    bad.slides[0].contents[2].questionType = 'slider';
    expect(failure(bad)).toBe('slides.0.contents.2.questionType: Unknown question type "slider"');
    const nested = structuredClone(def) as unknown as { slides: { contents: { contents: Record<string, unknown>[] }[] }[] };
    nested.slides[0].contents[1].contents[0].questionType = undefined;
    expect(failure(nested)).toBe('slides.0.contents.1.contents.0.questionType: question type is required');
  });

  it('names the path of a bad condition operator, pagination type or option', () => {
    const withCondition = (condition: string) => ({
      slides: [
        { name: 'S', contents: [{ id: 'q', title: 'Q', questionType: 'text', showConditions: [{ path: 'a', condition, value: 1 }] }] },
      ],
    });
    expect(failure(withCondition('between'))).toBe('slides.0.contents.0.showConditions.0.condition: Unknown condition "between"');
    expect(failure({ slides: [], pagination: { type: 'tabs' } })).toBe('pagination.type: Unknown pagination type "tabs"');
    expect(
      failure({ slides: [{ name: 'S', contents: [{ id: 'q', title: 'Q', questionType: 'list', options: [{ id: 1, value: 'x' }] }] }] }),
    ).toMatch(/^slides\.0\.contents\.0\.options\.0\.id: /);
  });

  it('requires a non-empty question id and slides', () => {
    expect(failure({ slides: [{ name: 'S', contents: [{ id: '', title: 'Q', questionType: 'text' }] }] })).toMatch(
      /^slides\.0\.contents\.0\.id: /,
    );
    expect(failure({})).toMatch(/^slides: /);
  });

  it('rejects a duplicate question id anywhere in the form, naming the second place', () => {
    const dup = structuredClone(def);
    dup.slides[1].contents.push({ id: 'b', title: 'Again', questionType: 'text' });
    expect(failure(dup)).toBe("Duplicate question id 'b' at slides.1.contents.1.id");
    const nestedDup = structuredClone(def);
    nestedDup.slides[0].contents[1].contents![1].contents!.push({ id: 'a', title: 'Again', questionType: 'text' });
    expect(failure(nestedDup)).toBe("Duplicate question id 'a' at slides.0.contents.1.contents.1.contents.1.id");
  });

  it('accepts sections nested 20 levels deep and refuses a 21st level with its path, also thousands deep, without throwing', () => {
    /** A slide holding `levels` sections, each inside the previous one, the innermost holding a text question. */
    const nested = (levels: number) => {
      let inner: Record<string, unknown> = { id: 'leaf', title: 'Leaf', questionType: 'text' };
      for (let i = levels - 1; i >= 0; i--) inner = { id: `s${i}`, title: '', questionType: 'formSection', contents: [inner] };
      return { slides: [{ name: 'S', contents: [{ id: 'top', title: 'T', questionType: 'text' }, inner] }], pagination: { type: 'page' } };
    };
    expect(MAX_SECTION_DEPTH).toBe(20);
    const ok = parseFormDefinition(nested(20));
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(allQuestions(ok.definition)).toHaveLength(22);
    const path = `slides.0.contents.1${'.contents.0'.repeat(20)}`;
    expect(failure(nested(21))).toBe(`Form sections are nested too deeply (at most 20 levels) at ${path}`);
    // The schema recurses per level: 12,000 levels would exhaust the stack; the depth check answers first.
    let open = '';
    for (let i = 0; i < 12_000; i++) open += `{"id":"s${i}","title":"","questionType":"formSection","contents":[`;
    const leaf = '{"id":"leaf","title":"Leaf","questionType":"text"}';
    const deep = `{"slides":[{"name":"S","contents":[{"id":"top","title":"T","questionType":"text"},${open}${leaf}${']}'.repeat(12_000)}]}]}`;
    expect(() => parseFormDefinition(deep)).not.toThrow();
    expect(failure(deep)).toBe(`Form sections are nested too deeply (at most 20 levels) at ${path}`);
  });

  it('reports JSON text that does not parse', () => {
    expect(failure('{"slides": [')).toMatch(/^Invalid JSON: /);
  });
});

describe('question lookup', () => {
  it('flattens questions in order, each section followed by its children', () => {
    expect(allQuestions(def).map((q) => q.id)).toEqual(['a', 'sec', 'b', 'inner', 'c', 'd', 'e']);
    expect(slideQuestions(def.slides[0]).map((q) => q.id)).toEqual(['a', 'sec', 'b', 'inner', 'c', 'd']);
    expect(slideQuestions(def.slides[1]).map((q) => q.id)).toEqual(['e']);
  });

  it('finds questions and their sections at any depth', () => {
    expect(findQuestion(def, 'c')?.title).toBe('C');
    expect(findQuestion(def, 'zzz')).toBeUndefined();
    expect(parentSection(def, 'c')?.id).toBe('inner');
    expect(parentSection(def, 'b')?.id).toBe('sec');
    expect(parentSection(def, 'a')).toBeUndefined();
  });
});

describe('reserved question ids (issue 26, 6b)', () => {
  it('refuses names every object has', () => {
    for (const id of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'prototype']) {
      const input = JSON.stringify({ slides: [{ name: 'S', contents: [{ id, title: 'Q', questionType: 'text' }] }] });
      expect(failure(input)).toContain(designerMessages.reservedId(id));
    }
  });

  it('reads answers by own property only', () => {
    expect(isAnswered({ id: 'toString', title: 'Q', questionType: 'text' }, {})).toBe(false);
    expect(isAnswered({ id: 'constructor', title: 'Q', questionType: 'checkbox' }, {})).toBe(false);
  });
});
