import { describe, it, expect } from 'vitest';
import {
  QUESTION_TYPE_NAMES,
  addQuestion,
  addSlide,
  conditionTargets,
  deleteQuestion,
  deleteSlide,
  duplicateQuestion,
  duplicateSlide,
  locateQuestion,
  moveQuestion,
  moveSlide,
  newQuestion,
  questionIds,
  renameSlide,
  updateQuestion,
  validatorChoices,
  type EditResult,
} from './designer';
import { allQuestions, findQuestion, parseFormDefinition } from './definition';
import { newCompleteSlide, newReviewSlide, slideKind } from './slides';
import { emptyDefinition } from './versions';
import { QUESTION_TYPES, type FormDefinition, type Question, type QuestionType, type Slide } from './types';

const ok = (r: EditResult): FormDefinition => {
  if (!r.ok) throw new Error(`edit refused: ${r.message}`);
  expect(parseFormDefinition(r.definition)).toMatchObject({ ok: true });
  return r.definition;
};
const refused = (r: EditResult): string => {
  if (r.ok) throw new Error('edit was allowed');
  return r.message;
};

const q = (id: string, questionType: QuestionType = 'text', extra: Partial<Question> = {}): Question => ({
  id,
  title: id.toUpperCase(),
  questionType,
  ...extra,
});
const form = (...slides: Slide[]): FormDefinition => ({ slides, pagination: { type: 'page' }, customOptions: [] });

/** Slide 0: a, section s (b, inner section t (c)); slide 1: d (shown when a = yes), e. */
function sample(): FormDefinition {
  return form(
    {
      name: 'Details',
      contents: [q('a'), q('s', 'formSection', { contents: [q('b', 'number'), q('t', 'formSection', { contents: [q('c', 'date')] })] })],
    },
    {
      name: 'Hazards',
      contents: [
        q('d', 'checkbox', { showConditions: [{ path: 'a', condition: 'equal', value: 'yes' }] }),
        q('e', 'text', {
          showConditions: [{ path: 'c', condition: 'greaterThan', value: '2024-01-01' }],
          validators: [
            { path: 'e', validator: 'required' },
            { path: 'b', validator: 'greaterThan', additionalData: 3 },
          ],
        }),
      ],
    },
  );
}

const ids = (def: FormDefinition, slide: number): string[] => def.slides[slide].contents.map((x) => x.id);

describe('question type names and new questions', () => {
  it('names all 17 types', () => {
    expect(QUESTION_TYPES.map((t) => QUESTION_TYPE_NAMES[t])).toEqual([
      'Text',
      'Text Area',
      'Number',
      'Checkbox',
      'Statement',
      'Date Time',
      'Date',
      'Radio Button',
      'List',
      'Form Section',
      'Combobox',
      'Multi Combobox',
      'Canvas Draw',
      'Risk Matrix',
      'Select User Profile',
      'Job Number',
      'Job Address',
    ]);
  });

  it('titles a new question New {type name} with the defaults of its type', () => {
    const taken = new Set<string>();
    const radio = newQuestion('radiobutton', taken);
    expect(radio).toMatchObject({ title: 'New Radio Button', questionType: 'radiobutton', className: 'vertical' });
    expect(radio.options?.map((o) => o.value)).toEqual(['Option 1', 'Option 2']);
    expect(new Set(radio.options?.map((o) => o.id)).size).toBe(2);
    for (const t of ['list', 'combobox', 'multicombobox'] as const) {
      const x = newQuestion(t, taken);
      expect(x.options?.map((o) => o.value)).toEqual(['Option 1', 'Option 2']);
      expect(x.className).toBeUndefined();
    }
    expect(newQuestion('statement', taken)).toMatchObject({ title: 'New Statement', className: 'Light', content: '' });
    expect(newQuestion('formSection', taken)).toMatchObject({ title: 'New Form Section', contents: [] });
    const text = newQuestion('text', taken);
    expect(Object.keys(text).sort()).toEqual(['id', 'questionType', 'title']);
    expect(text.title).toBe('New Text');
  });

  it('gives fresh ids that are unique and never mark a slide kind', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const t = QUESTION_TYPES[i % QUESTION_TYPES.length];
      const x = newQuestion(t, taken);
      expect(taken.has(x.id)).toBe(false);
      expect(x.id).not.toContain('ReviewSlide');
      expect(x.id.startsWith('complete')).toBe(false);
      taken.add(x.id);
    }
  });

  it('parses every new question type in a definition', () => {
    let def = ok(addSlide(emptyDefinition(), 'standard'));
    for (const t of QUESTION_TYPES) def = ok(addQuestion(def, { slide: 0 }, t));
    expect(def.slides[0].contents.map((x) => x.questionType)).toEqual([...QUESTION_TYPES]);
  });

  it('lists every id, section children included', () => {
    expect([...questionIds(sample())].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 's', 't']);
  });
});

describe('slide rules and messages (back-office.md sections 4 and 8)', () => {
  const withReview = () => form({ name: 'Details', contents: [q('a')] }, newReviewSlide());

  it('adds a standard slide named New Slide at the end', () => {
    const def = ok(addSlide(sample(), 'standard'));
    expect(def.slides.map((s) => s.name)).toEqual(['Details', 'Hazards', 'New Slide']);
    expect(def.slides[2].contents).toEqual([]);
  });

  it('adds a notification slide named Complete Slide with its user-select question', () => {
    const def = ok(addSlide(sample(), 'notification'));
    expect(def.slides[2]).toEqual(newCompleteSlide());
    expect(slideKind(def.slides[2])).toBe('notification');
  });

  it('adds a review slide with its default questions', () => {
    const def = ok(addSlide(sample(), 'review'));
    expect(def.slides[2]).toEqual(newReviewSlide());
    expect(slideKind(def.slides[2])).toBe('review');
  });

  it('refuses any new slide while a review slide exists', () => {
    expect(refused(addSlide(withReview(), 'standard'))).toBe('Review slide exists. Remove review slide to add a new slide.');
    expect(refused(addSlide(withReview(), 'notification'))).toBe('Review slide exists. Remove review slide to add a new slide.');
  });

  it('refuses a second review slide', () => {
    expect(refused(addSlide(withReview(), 'review'))).toBe('Multiple review slides can not be put on one form');
  });

  it('refuses a second notification slide', () => {
    const def = ok(addSlide(sample(), 'notification'));
    expect(refused(addSlide(def, 'notification'))).toBe('Multiple notification complete slides can not be put on one form');
    expect(refused(duplicateSlide(def, 2))).toBe('Multiple notification complete slides can not be put on one form');
  });

  it('refuses to duplicate or move the review slide, or to move a slide below it', () => {
    const def = withReview();
    const message = 'Cannot duplicate or move the Review Slide up and down.';
    expect(refused(duplicateSlide(def, 1))).toBe(message);
    expect(refused(moveSlide(def, 1, 'up'))).toBe(message);
    expect(refused(moveSlide(def, 0, 'down'))).toBe(message);
  });

  it('allows adding a slide again once the review slide is deleted', () => {
    const def = ok(deleteSlide(withReview(), 1));
    expect(ok(addSlide(def, 'standard')).slides.map((s) => s.name)).toEqual(['Details', 'New Slide']);
  });

  it('keeps a duplicated slide before the review slide', () => {
    const def = ok(duplicateSlide(withReview(), 0));
    expect(def.slides.map(slideKind)).toEqual(['standard', 'standard', 'review']);
  });

  it('moves slides up and down and refuses past the ends', () => {
    const def = ok(moveSlide(sample(), 1, 'up'));
    expect(def.slides.map((s) => s.name)).toEqual(['Hazards', 'Details']);
    expect(ok(moveSlide(def, 0, 'down')).slides.map((s) => s.name)).toEqual(['Details', 'Hazards']);
    expect(refused(moveSlide(sample(), 0, 'up'))).toBe('The slide is already the first slide.');
    expect(refused(moveSlide(sample(), 1, 'down'))).toBe('The slide is already the last slide.');
    expect(refused(moveSlide(sample(), 5, 'down'))).toBe('There is no slide 6.');
  });

  it('renames a slide keeping the others', () => {
    const before = sample();
    const def = ok(renameSlide(before, 1, 'Hazards and controls'));
    expect(def.slides[1].name).toBe('Hazards and controls');
    expect(def.slides[1].contents).toBe(before.slides[1].contents);
    expect(def.slides[0]).toBe(before.slides[0]);
  });
});

describe('slide edits', () => {
  it('duplicates a slide with fresh ids and conditions remapped inside the copy', () => {
    const before = form(
      {
        name: 'One',
        contents: [
          q('x', 'radiobutton', { options: [{ id: '1', value: 'Yes' }] }),
          q('sec', 'formSection', { contents: [q('y', 'text', { showConditions: [{ path: 'x', condition: 'equal', value: 'Yes' }] })] }),
          q('z', 'text', {
            showConditions: [{ path: 'outside', condition: 'equal', value: 'a' }],
            validators: [{ path: 'y', validator: 'required' }],
          }),
        ],
      },
      { name: 'Two', contents: [q('outside')] },
    );
    const def = ok(duplicateSlide(before, 0));
    expect(def.slides.map((s) => s.name)).toEqual(['One', 'One', 'Two']);
    const copy = def.slides[1].contents;
    const [x2, sec2, z2] = copy;
    const y2 = sec2.contents![0];
    expect([x2.id, sec2.id, y2.id, z2.id].some((id) => ['x', 'sec', 'y', 'z'].includes(id))).toBe(false);
    expect(y2.showConditions).toEqual([{ path: x2.id, condition: 'equal', value: 'Yes' }]);
    expect(z2.showConditions).toEqual([{ path: 'outside', condition: 'equal', value: 'a' }]);
    expect(z2.validators).toEqual([{ path: y2.id, validator: 'required' }]);
    expect(def.slides[0]).toBe(before.slides[0]);
    expect(def.slides[2]).toBe(before.slides[1]);
  });

  it('deletes a slide and the conditions and validators pointing into it', () => {
    const before = sample();
    const def = ok(deleteSlide(before, 0));
    expect(def.slides.map((s) => s.name)).toEqual(['Hazards']);
    const [d, e] = def.slides[0].contents;
    expect(d.showConditions).toBeUndefined();
    expect(e.showConditions).toBeUndefined();
    expect(e.validators).toEqual([{ path: 'e', validator: 'required' }]);
  });
});

describe('question edits', () => {
  it('adds a question at the end, at an index, or inside a section', () => {
    const before = sample();
    let r = addQuestion(before, { slide: 0 }, 'number');
    let def = ok(r);
    expect(ids(def, 0)).toEqual(['a', 's', r.ok ? r.id : '']);
    r = addQuestion(before, { slide: 0, index: 0 }, 'date');
    def = ok(r);
    expect(ids(def, 0)[0]).toBe(r.ok && r.id);
    expect(def.slides[1]).toBe(before.slides[1]);
    r = addQuestion(before, { slide: 0, section: 't', index: 0 }, 'checkbox');
    def = ok(r);
    expect(locateQuestion(def, r.ok ? r.id! : '')).toEqual({ slide: 0, section: 't', index: 0 });
    expect(findQuestion(def, r.ok ? r.id! : '')?.title).toBe('New Checkbox');
  });

  it('refuses adding to a missing slide or section, or to the review slide', () => {
    expect(refused(addQuestion(sample(), { slide: 4 }, 'text'))).toBe('There is no slide 5.');
    expect(refused(addQuestion(sample(), { slide: 1, section: 's' }, 'text'))).toBe("There is no form section with id 's' on this slide.");
    expect(refused(addQuestion(sample(), { slide: 0, section: 'a' }, 'text'))).toBe("There is no form section with id 'a' on this slide.");
    const def = ok(addSlide(sample(), 'review'));
    expect(refused(addQuestion(def, { slide: 2 }, 'text'))).toBe('Cannot add questions to the Review Slide: its questions are fixed.');
  });

  it('updates one question keeping every other slide and question the same objects', () => {
    const before = sample();
    const def = ok(updateQuestion(before, 'c', { title: 'Inspection date', toolTip: 'When' }));
    const c = findQuestion(def, 'c')!;
    expect(c).toMatchObject({ id: 'c', title: 'Inspection date', toolTip: 'When', questionType: 'date' });
    expect(def.slides[1]).toBe(before.slides[1]);
    expect(def.slides[0].contents[0]).toBe(before.slides[0].contents[0]);
    const [sBefore, sAfter] = [before.slides[0].contents[1], def.slides[0].contents[1]];
    expect(sAfter).not.toBe(sBefore);
    expect(sAfter.contents![0]).toBe(sBefore.contents![0]);
    expect(before.slides[0].contents[1].contents![1].contents![0].title).toBe('C');
  });

  it('on a form of 100 questions on 10 slides, typing in one title renews only its slide and the question', () => {
    let def = emptyDefinition();
    for (let s = 0; s < 10; s++) {
      def = ok(addSlide(def, 'standard'));
      for (let i = 0; i < 10; i++) def = ok(addQuestion(def, { slide: s }, QUESTION_TYPES[(s + i) % QUESTION_TYPES.length]));
    }
    const target = def.slides[4].contents[7];
    const next = ok(updateQuestion(def, target.id, { title: 'Site name' }));
    const renewed = allQuestions(next).filter((x, i) => x !== allQuestions(def)[i]);
    expect(renewed.map((x) => x.title)).toEqual(['Site name']);
    expect(next.slides.filter((x, i) => x !== def.slides[i])).toEqual([next.slides[4]]);
    expect(next.pagination).toBe(def.pagination);
  });

  it('removes a property given as undefined and never changes the id', () => {
    const before = form({ name: 'A', contents: [q('a', 'text', { toolTip: 'help' })] });
    const def = ok(updateQuestion(before, 'a', { toolTip: undefined, id: 'other' }));
    expect(def.slides[0].contents[0]).toEqual({ id: 'a', title: 'A', questionType: 'text' });
  });

  it('fills what a new type needs and drops what it does not offer', () => {
    const before = form({
      name: 'A',
      contents: [
        q('a', 'text', {
          validators: [
            { path: 'a', validator: 'required' },
            { path: 'a', validator: 'email' },
          ],
        }),
        q('b', 'text', {
          showConditions: [
            { path: 'a', condition: 'contains', value: 'x' },
            { path: 'a', condition: 'equal', value: 'y' },
          ],
        }),
      ],
    });
    const def = ok(updateQuestion(before, 'a', { questionType: 'radiobutton' }));
    const a = findQuestion(def, 'a')!;
    expect(a.options?.map((o) => o.value)).toEqual(['Option 1', 'Option 2']);
    expect(a.className).toBe('vertical');
    expect(a.validators).toEqual([{ path: 'a', validator: 'required' }]);
    expect(findQuestion(def, 'b')!.showConditions).toEqual([{ path: 'a', condition: 'equal', value: 'y' }]);
  });

  it('changes a form section to another type only once it is empty', () => {
    expect(refused(updateQuestion(sample(), 't', { questionType: 'text' }))).toBe(
      'Cannot change the type of a form section that holds questions: move or delete them first.',
    );
    const emptied = ok(deleteQuestion(sample(), 'c'));
    expect(findQuestion(ok(updateQuestion(emptied, 't', { questionType: 'text' })), 't')).toEqual({
      id: 't',
      title: 'T',
      questionType: 'text',
    });
  });

  it('keeps the type of the questions that mark the review and notification slides', () => {
    const def = ok(addSlide(ok(addSlide(sample(), 'notification')), 'review'));
    expect(refused(updateQuestion(def, 'ReviewSlide-option', { questionType: 'list' }))).toBe(
      'Cannot change the type of a Review Slide question: its questions are fixed.',
    );
    expect(refused(updateQuestion(def, 'complete-notify', { questionType: 'text' }))).toBe(
      'Cannot change the type of the notification question: it makes the slide the notification slide.',
    );
    const renamed = ok(updateQuestion(def, 'ReviewSlide-comments', { title: 'Manager comments' }));
    expect(findQuestion(renamed, 'ReviewSlide-comments')?.title).toBe('Manager comments');
  });

  it('refuses section contents whose ids clash', () => {
    expect(refused(updateQuestion(sample(), 's', { contents: [q('a')] }))).toBe('Two questions can not share one id.');
    expect(refused(updateQuestion(sample(), 'zz', { title: 'x' }))).toBe("There is no question with id 'zz'.");
  });

  it('deletes a section with its children and the references to any of them', () => {
    const before = sample();
    const def = ok(deleteQuestion(before, 's'));
    expect([...questionIds(def)].sort()).toEqual(['a', 'd', 'e']);
    const e = findQuestion(def, 'e')!;
    expect(e.showConditions).toBeUndefined();
    expect(e.validators).toEqual([{ path: 'e', validator: 'required' }]);
    expect(findQuestion(def, 'd')).toBe(before.slides[1].contents[0]);
  });

  it('deletes a question and the show conditions of others that test it', () => {
    const def = ok(deleteQuestion(sample(), 'a'));
    expect(findQuestion(def, 'd')!.showConditions).toBeUndefined();
    expect(findQuestion(def, 'e')!.showConditions).toHaveLength(1);
  });

  it('duplicates a question right after it with fresh ids, remapping references inside the copy', () => {
    const before = sample();
    const r = duplicateQuestion(
      ok(updateQuestion(before, 'c', { showConditions: [{ path: 'b', condition: 'greaterThan', value: 1 }] })),
      's',
    );
    const def = ok(r);
    expect(ids(def, 0)).toEqual(['a', 's', r.ok ? r.id : '']);
    const copy = def.slides[0].contents[2];
    const [b2, t2] = copy.contents!;
    const c2 = t2.contents![0];
    expect(copy.title).toBe('S');
    expect(new Set([copy.id, b2.id, t2.id, c2.id, ...questionIds(before)]).size).toBe(11);
    expect(c2.showConditions).toEqual([{ path: b2.id, condition: 'greaterThan', value: 1 }]);
    expect(findQuestion(def, 'c')!.showConditions).toEqual([{ path: 'b', condition: 'greaterThan', value: 1 }]);
  });

  it('refuses to duplicate a review question', () => {
    const def = ok(addSlide(sample(), 'review'));
    expect(refused(duplicateQuestion(def, 'ReviewSlide-comments'))).toBe(
      'Cannot duplicate a question of the Review Slide: its questions are fixed.',
    );
  });

  it('locates questions', () => {
    const def = sample();
    expect(locateQuestion(def, 'a')).toEqual({ slide: 0, section: null, index: 0 });
    expect(locateQuestion(def, 'c')).toEqual({ slide: 0, section: 't', index: 0 });
    expect(locateQuestion(def, 'e')).toEqual({ slide: 1, section: null, index: 1 });
    expect(locateQuestion(def, 'nope')).toBeNull();
  });
});

describe('moving questions', () => {
  it('reorders within a slide like arrayMove', () => {
    const before = form({ name: 'A', contents: [q('a'), q('b'), q('c'), q('d')] }, { name: 'B', contents: [q('e')] });
    expect(ids(ok(moveQuestion(before, 'a', { slide: 0, index: 2 })), 0)).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(ok(moveQuestion(before, 'd', { slide: 0, index: 0 })), 0)).toEqual(['d', 'a', 'b', 'c']);
    const same = moveQuestion(before, 'b', { slide: 0, index: 1 });
    expect(same.ok && same.definition).toBe(before);
    const moved = ok(moveQuestion(before, 'a', { slide: 0, index: 3 }));
    expect(moved.slides[1]).toBe(before.slides[1]);
    expect(moved.slides[0].contents[3]).toBe(before.slides[0].contents[0]);
  });

  it('moves between slides and into and out of sections', () => {
    const before = sample();
    let def = ok(moveQuestion(before, 'a', { slide: 1, index: 1 }));
    expect(ids(def, 0)).toEqual(['s']);
    expect(ids(def, 1)).toEqual(['d', 'a', 'e']);
    expect(findQuestion(def, 'd')!.showConditions).toEqual([{ path: 'a', condition: 'equal', value: 'yes' }]);
    def = ok(moveQuestion(before, 'a', { slide: 0, section: 't', index: 1 }));
    expect(locateQuestion(def, 'a')).toEqual({ slide: 0, section: 't', index: 1 });
    def = ok(moveQuestion(before, 'c', { slide: 1, index: 0 }));
    expect(ids(def, 1)).toEqual(['c', 'd', 'e']);
    expect(findQuestion(def, 't')!.contents).toEqual([]);
  });

  it('refuses moving a form section into itself or its descendants', () => {
    const message = 'Cannot move a form section into itself or into one of its own sections.';
    expect(refused(moveQuestion(sample(), 's', { slide: 0, section: 's', index: 0 }))).toBe(message);
    expect(refused(moveQuestion(sample(), 's', { slide: 0, section: 't', index: 0 }))).toBe(message);
  });

  it('refuses moves into, out of or within the review slide', () => {
    const def = ok(addSlide(sample(), 'review'));
    const message = 'Cannot move questions into, out of or within the Review Slide: its questions are fixed.';
    expect(refused(moveQuestion(def, 'a', { slide: 2, index: 0 }))).toBe(message);
    expect(refused(moveQuestion(def, 'ReviewSlide-comments', { slide: 0, index: 0 }))).toBe(message);
    expect(refused(moveQuestion(def, 'ReviewSlide-comments', { slide: 2, index: 0 }))).toBe(message);
  });

  it('keeps the notification question on its Complete Slide', () => {
    const def = ok(addSlide(sample(), 'notification'));
    expect(refused(moveQuestion(def, 'complete-notify', { slide: 0, index: 0 }))).toBe(
      'Cannot move the notification question out of the Complete Slide: it makes the slide the notification slide.',
    );
    expect(ok(moveQuestion(def, 'a', { slide: 2, index: 1 })).slides.map(slideKind)).toEqual(['standard', 'standard', 'notification']);
  });
});

describe('choices for the question editor', () => {
  it('offers every other question with operators, in display order, with its operators', () => {
    const def = ok(addQuestion(sample(), { slide: 1 }, 'statement'));
    const targets = conditionTargets(def, 'e');
    expect(targets.map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(targets[0]).toEqual({ id: 'a', title: 'A', questionType: 'text', operators: ['equal', 'notEqual', 'contains'] });
    expect(targets[3].operators).toEqual(['equal', 'notEqual']);
    expect(conditionTargets(def, 's').map((t) => t.id)).toEqual(['a', 'd', 'e']);
  });

  it('offers only the validators of the type and marks the ones used', () => {
    const text = validatorChoices(q('x', 'text', { validators: [{ path: 'x', validator: 'email' }] }));
    expect(text.map((c) => [c.validator, c.used, c.data])).toEqual([
      ['required', false, null],
      ['email', true, null],
      ['phone', false, null],
      ['custom', false, 'pattern'],
    ]);
    expect(validatorChoices(q('n', 'number')).map((c) => c.data)).toEqual([
      null,
      'number',
      'number',
      'number',
      'number',
      'number',
      'number',
    ]);
    expect(validatorChoices(q('d', 'date')).map((c) => c.validator)).toEqual(['required', 'past', 'future', 'after', 'before']);
    expect(validatorChoices(q('d', 'datetime')).find((c) => c.validator === 'after')?.data).toBe('date');
    expect(validatorChoices(q('s', 'statement'))).toEqual([]);
    expect(validatorChoices(q('c', 'checkbox')).map((c) => c.label)).toEqual(['Required']);
  });
});

describe('every edit keeps the definition valid', () => {
  /** A small seeded generator so a failure can be replayed. */
  const rng = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };

  it('parses after each of 400 random edits (several seeds)', () => {
    let applied = 0;
    for (const seed of [1, 7, 42, 2024]) {
      const rand = rng(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
      let def = emptyDefinition();
      for (let step = 0; step < 100; step++) {
        const all = allQuestions(def);
        const sections = all.filter((x) => x.questionType === 'formSection');
        const slide = Math.floor(rand() * (def.slides.length + 1));
        const some = all.length ? pick(all) : undefined;
        const edits: (() => EditResult)[] = [
          () => addSlide(def, pick(['standard', 'standard', 'notification', 'review'] as const)),
          () => addQuestion(def, { slide, index: Math.floor(rand() * 4) }, pick(QUESTION_TYPES)),
          () => addQuestion(def, { slide, section: sections.length ? pick(sections).id : null }, pick(QUESTION_TYPES)),
          () => deleteSlide(def, slide),
          () => duplicateSlide(def, slide),
          () => moveSlide(def, slide, pick(['up', 'down'] as const)),
          () => renameSlide(def, slide, `Slide ${step}`),
          () => (some ? deleteQuestion(def, some.id) : addSlide(def, 'standard')),
          () => (some ? duplicateQuestion(def, some.id) : addSlide(def, 'standard')),
          () =>
            some ? updateQuestion(def, some.id, { title: `T${step}`, questionType: pick(QUESTION_TYPES) }) : addSlide(def, 'standard'),
          () => {
            if (!some || all.length < 2) return addSlide(def, 'standard');
            const target = pick(all.filter((x) => x.id !== some.id));
            return updateQuestion(def, some.id, { showConditions: [{ path: target.id, condition: 'equal', value: 'x' }] });
          },
          () =>
            some
              ? moveQuestion(def, some.id, {
                  slide,
                  section: sections.length && rand() < 0.5 ? pick(sections).id : null,
                  index: Math.floor(rand() * 5),
                })
              : addSlide(def, 'standard'),
        ];
        const r = pick(edits)();
        if (!r.ok) continue;
        const parsed = parseFormDefinition(r.definition);
        expect(parsed, `seed ${seed} step ${step}`).toMatchObject({ ok: true });
        // At most one review slide (last) and one notification slide.
        const kinds = r.definition.slides.map(slideKind);
        expect(kinds.filter((k) => k === 'review').length).toBeLessThanOrEqual(1);
        expect(kinds.filter((k) => k === 'notification').length).toBeLessThanOrEqual(1);
        if (kinds.includes('review')) expect(kinds[kinds.length - 1]).toBe('review');
        // No dangling show conditions after deletes.
        const known = questionIds(r.definition);
        for (const x of allQuestions(r.definition)) for (const c of x.showConditions ?? []) expect(known.has(c.path)).toBe(true);
        def = r.definition;
        applied++;
      }
    }
    expect(applied).toBeGreaterThan(200);
  });
});
