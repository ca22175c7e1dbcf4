import type { ConditionOperator, FormDefinition, Question, QuestionType, Slide } from './types';
import { allQuestions } from './definition';
import { OPERATORS_BY_TYPE } from './conditions';
import { VALIDATORS_BY_TYPE } from './validators';
import {
  NEW_SLIDE_NAME,
  addSlideError,
  duplicateSlideError,
  isReviewSlide,
  moveSlideError,
  newCompleteSlide,
  newReviewSlide,
  type SlideKind,
} from './slides';
import { designerMessages } from './messages';

/**
 * The form designer's edits (back-office.md sections 2.8 and 4). Every edit is immutable with
 * structural sharing: slides and questions it does not touch are the same objects in the result,
 * so memoised rows and the live preview only repaint what changed.
 */

export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = {
  text: 'Text',
  textArea: 'Text Area',
  number: 'Number',
  checkbox: 'Checkbox',
  statement: 'Statement',
  datetime: 'Date Time',
  date: 'Date',
  radiobutton: 'Radio Button',
  list: 'List',
  formSection: 'Form Section',
  combobox: 'Combobox',
  multicombobox: 'Multi Combobox',
  canvasDraw: 'Canvas Draw',
  riskMatrix: 'Risk Matrix',
  selectUserProfile: 'Select User Profile',
  jobNumber: 'Job Number',
  jobAddress: 'Job Address',
};

export type EditResult = { ok: true; definition: FormDefinition; id?: string } | { ok: false; message: string };

const fail = (message: string): EditResult => ({ ok: false, message });
const done = (definition: FormDefinition, id?: string): EditResult =>
  id === undefined ? { ok: true, definition } : { ok: true, definition, id };

const OPTION_TYPES: ReadonlySet<QuestionType> = new Set(['radiobutton', 'list', 'combobox', 'multicombobox']);

/** Ids that mark slide kinds (review: includes ReviewSlide; notification: starts with complete). */
const isKindMarker = (id: string): boolean => id.includes('ReviewSlide') || id.startsWith('complete');

const randomPart = (): string => Math.random().toString(36).slice(2, 8).padEnd(6, '0');

/** A fresh id with the given prefix, not in `taken` and never marking a slide kind. */
export function freshId(prefix: string, taken: ReadonlySet<string>): string {
  const base = isKindMarker(prefix) ? 'q' : prefix;
  for (;;) {
    const id = `${base}-${randomPart()}`;
    if (!taken.has(id) && !isKindMarker(id)) return id;
  }
}

/** The defaults a designer expects for a new question of this type. */
export function newQuestion(type: QuestionType, takenIds: ReadonlySet<string>): Question {
  const q: Question = { id: freshId(type, takenIds), title: `New ${QUESTION_TYPE_NAMES[type]}`, questionType: type };
  return { ...q, ...typeDefaults(type, q) };
}

function newOptions(): { id: string; value: string }[] {
  const first = `option-${randomPart()}`;
  let second = `option-${randomPart()}`;
  while (second === first) second = `option-${randomPart()}`;
  return [
    { id: first, value: 'Option 1' },
    { id: second, value: 'Option 2' },
  ];
}

/** What a question of `type` needs that `q` lacks (used for new questions and type changes). */
function typeDefaults(type: QuestionType, q: Partial<Question>): Partial<Question> {
  const out: Partial<Question> = {};
  if (OPTION_TYPES.has(type) && !q.options?.length) out.options = newOptions();
  if (type === 'radiobutton' && q.className !== 'vertical' && q.className !== 'horizontal') out.className = 'vertical';
  if (type === 'statement') {
    if (q.className !== 'Light' && q.className !== 'Important') out.className = 'Light';
    if (q.content === undefined) out.content = '';
  }
  if (type === 'formSection' && !q.contents) out.contents = [];
  return out;
}

/** Every question id of the definition, section children included. */
export function questionIds(def: FormDefinition): Set<string> {
  return new Set(allQuestions(def).map((q) => q.id));
}

// ---- paths and structural sharing ------------------------------------------------------------

/** Where a question sits: its slide and the chain of indexes from the slide's contents down. */
interface QPath {
  slide: number;
  chain: number[];
}

function pathOf(def: FormDefinition, id: string): QPath | null {
  const search = (qs: Question[], chain: number[]): number[] | null => {
    for (let i = 0; i < qs.length; i++) {
      if (qs[i].id === id) return [...chain, i];
      const c = qs[i].contents;
      if (c) {
        const found = search(c, [...chain, i]);
        if (found) return found;
      }
    }
    return null;
  };
  for (let s = 0; s < def.slides.length; s++) {
    const chain = search(def.slides[s].contents, []);
    if (chain) return { slide: s, chain };
  }
  return null;
}

const questionAt = (def: FormDefinition, p: QPath): Question => {
  let qs = def.slides[p.slide].contents;
  let q = qs[p.chain[0]];
  for (const i of p.chain.slice(1)) {
    qs = q.contents ?? [];
    q = qs[i];
  }
  return q;
};

function editList(qs: Question[], chain: number[], fn: (qs: Question[]) => Question[]): Question[] {
  if (chain.length === 0) return fn(qs);
  const [i, ...rest] = chain;
  const q = qs[i];
  const contents = editList(q.contents ?? [], rest, fn);
  if (contents === q.contents) return qs;
  const copy = qs.slice();
  copy[i] = { ...q, contents };
  return copy;
}

/** Replaces the question list at slide/chain (chain of a formSection, [] for the slide itself). */
function withContainer(def: FormDefinition, slide: number, chain: number[], fn: (qs: Question[]) => Question[]): FormDefinition {
  const s = def.slides[slide];
  const contents = editList(s.contents, chain, fn);
  if (contents === s.contents) return def;
  return withSlide(def, slide, { ...s, contents });
}

function withSlide(def: FormDefinition, index: number, slide: Slide): FormDefinition {
  const slides = def.slides.slice();
  slides[index] = slide;
  return { ...def, slides };
}

function mapQuestionList(qs: Question[], f: (q: Question) => Question): Question[] {
  let changed = false;
  const out = qs.map((q) => {
    let next = q;
    if (q.contents) {
      const contents = mapQuestionList(q.contents, f);
      if (contents !== q.contents) next = { ...q, contents };
    }
    next = f(next);
    if (next !== q) changed = true;
    return next;
  });
  return changed ? out : qs;
}

/** Applies f to every question (children first); unchanged parts keep their identity. */
function mapDefinition(def: FormDefinition, f: (q: Question) => Question): FormDefinition {
  let changed = false;
  const slides = def.slides.map((s) => {
    const contents = mapQuestionList(s.contents, f);
    if (contents === s.contents) return s;
    changed = true;
    return { ...s, contents };
  });
  return changed ? { ...def, slides } : def;
}

const subtreeIds = (q: Question): string[] => [q.id, ...(q.contents ?? []).flatMap(subtreeIds)];

/** Drops show conditions and validators of any question that point at one of `ids`. */
function dropReferences(def: FormDefinition, ids: ReadonlySet<string>): FormDefinition {
  return mapDefinition(def, (q) => {
    const conditions = q.showConditions?.filter((c) => !ids.has(c.path));
    const validators = q.validators?.filter((v) => !v.path || !ids.has(v.path));
    const condChanged = conditions !== undefined && conditions.length !== q.showConditions?.length;
    const valChanged = validators !== undefined && validators.length !== q.validators?.length;
    if (!condChanged && !valChanged) return q;
    const next: Question = { ...q };
    if (condChanged) {
      if (conditions.length) next.showConditions = conditions;
      else delete next.showConditions;
    }
    if (valChanged) {
      if (validators.length) next.validators = validators;
      else delete next.validators;
    }
    return next;
  });
}

/**
 * Copies questions giving each (and each nested child) a fresh id; show conditions and validator
 * paths pointing inside the copy are remapped to the copies. `taken` gains the new ids.
 */
function copyWithFreshIds(qs: Question[], taken: Set<string>, keepId?: (id: string) => string | null): Question[] {
  const map = new Map<string, string>();
  const assign = (list: Question[]): void =>
    list.forEach((q) => {
      const kept = keepId?.(q.id);
      const id = kept ?? freshId(q.questionType, taken);
      taken.add(id);
      map.set(q.id, id);
      if (q.contents) assign(q.contents);
    });
  assign(qs);
  const rewrite = (q: Question): Question => {
    const next: Question = { ...q, id: map.get(q.id) ?? q.id };
    if (q.contents) next.contents = q.contents.map(rewrite);
    if (q.showConditions) next.showConditions = q.showConditions.map((c) => (map.has(c.path) ? { ...c, path: map.get(c.path)! } : c));
    if (q.validators) next.validators = q.validators.map((v) => (v.path && map.has(v.path) ? { ...v, path: map.get(v.path)! } : v));
    return next;
  };
  return qs.map(rewrite);
}

const clamp = (n: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, n));

const isNotifyQuestion = (q: Question): boolean => q.questionType === 'selectUserProfile' && q.id.startsWith('complete');

/** The chain of a formSection on a slide, or null when there is none with that id there. */
function sectionChain(def: FormDefinition, slide: number, section: string): number[] | null {
  const p = pathOf(def, section);
  if (!p || p.slide !== slide || questionAt(def, p).questionType !== 'formSection') return null;
  return p.chain;
}

// ---- slides ----------------------------------------------------------------------------------

/** Adds a slide of this kind at the end, following the spec's one-review/one-notification rules. */
export function addSlide(def: FormDefinition, kind: SlideKind): EditResult {
  const error = addSlideError(def, kind);
  if (error) return fail(error);
  let slide: Slide;
  if (kind === 'standard') slide = { name: NEW_SLIDE_NAME, contents: [] };
  else {
    const template = kind === 'review' ? newReviewSlide() : newCompleteSlide();
    const taken = questionIds(def);
    // The template's ids mark the slide kind; keep them unless (odd data) one is already taken.
    const keep = (id: string): string | null => {
      if (!taken.has(id)) return id;
      for (let n = 2; ; n++) if (!taken.has(`${id}-${n}`)) return `${id}-${n}`;
    };
    slide = { ...template, contents: copyWithFreshIds(template.contents, taken, keep) };
  }
  return done({ ...def, slides: [...def.slides, slide] });
}

export function deleteSlide(def: FormDefinition, index: number): EditResult {
  const slide = def.slides[index];
  if (!slide) return fail(designerMessages.slideMissing(index));
  const removed = new Set(slide.contents.flatMap(subtreeIds));
  const rest = { ...def, slides: def.slides.filter((_, i) => i !== index) };
  return done(dropReferences(rest, removed));
}

/** Inserts a copy after the slide; its questions get fresh ids and their conditions follow. */
export function duplicateSlide(def: FormDefinition, index: number): EditResult {
  const slide = def.slides[index];
  if (!slide) return fail(designerMessages.slideMissing(index));
  const error = duplicateSlideError(def, index);
  if (error) return fail(error);
  const copy: Slide = { ...slide, contents: copyWithFreshIds(slide.contents, questionIds(def)) };
  const slides = def.slides.slice();
  slides.splice(index + 1, 0, copy);
  return done({ ...def, slides });
}

export function moveSlide(def: FormDefinition, index: number, direction: 'up' | 'down'): EditResult {
  if (!def.slides[index]) return fail(designerMessages.slideMissing(index));
  const to = direction === 'up' ? index - 1 : index + 1;
  if (to < 0) return fail(designerMessages.slideFirst);
  if (to >= def.slides.length) return fail(designerMessages.slideLast);
  const error = moveSlideError(def, index, direction);
  if (error) return fail(error);
  const slides = def.slides.slice();
  [slides[index], slides[to]] = [slides[to], slides[index]];
  return done({ ...def, slides });
}

export function renameSlide(def: FormDefinition, index: number, name: string): EditResult {
  const slide = def.slides[index];
  if (!slide) return fail(designerMessages.slideMissing(index));
  if (slide.name === name) return done(def);
  return done(withSlide(def, index, { ...slide, name }));
}

// ---- questions -------------------------------------------------------------------------------

/** Where a question sits: slide index, the id of its formSection (or null) and its index there. */
export function locateQuestion(def: FormDefinition, id: string): { slide: number; section: string | null; index: number } | null {
  const p = pathOf(def, id);
  if (!p) return null;
  const parent = p.chain.length > 1 ? questionAt(def, { slide: p.slide, chain: p.chain.slice(0, -1) }).id : null;
  return { slide: p.slide, section: parent, index: p.chain[p.chain.length - 1] };
}

/** Adds a new question of this type; the result's id is the new question's id. */
export function addQuestion(
  def: FormDefinition,
  at: { slide: number; section?: string | null; index?: number },
  type: QuestionType,
): EditResult {
  const slide = def.slides[at.slide];
  if (!slide) return fail(designerMessages.slideMissing(at.slide));
  if (isReviewSlide(slide)) return fail(designerMessages.reviewQuestionAdd);
  const chain = at.section ? sectionChain(def, at.slide, at.section) : [];
  if (!chain) return fail(designerMessages.sectionMissing(at.section ?? ''));
  const q = newQuestion(type, questionIds(def));
  const next = withContainer(def, at.slide, chain, (qs) => {
    const copy = qs.slice();
    copy.splice(clamp(at.index ?? qs.length, 0, qs.length), 0, q);
    return copy;
  });
  return done(next, q.id);
}

/**
 * Changes a question's properties (its id stays). A property given as undefined is removed.
 * Changing the type adds what the new type needs (options, class) and drops validators it
 * does not offer, as well as other questions' conditions using operators it does not offer.
 */
export function updateQuestion(def: FormDefinition, id: string, patch: Partial<Question>): EditResult {
  const p = pathOf(def, id);
  if (!p) return fail(designerMessages.questionMissing(id));
  const old = questionAt(def, p);
  const next: Question = { ...old };
  const record = next as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'id') continue;
    if (value === undefined) delete record[key];
    else record[key] = value;
  }
  const typeChanged = next.questionType !== old.questionType;
  if (typeChanged && old.id.includes('ReviewSlide')) return fail(designerMessages.reviewQuestionType);
  if (typeChanged && isNotifyQuestion(old)) return fail(designerMessages.notificationQuestionType);
  if (typeChanged && old.questionType === 'formSection' && next.questionType !== 'formSection') {
    if (next.contents?.length) return fail(designerMessages.sectionNotEmpty);
    delete next.contents;
  }
  if (typeChanged) {
    Object.assign(next, typeDefaults(next.questionType, next));
    const allowed = VALIDATORS_BY_TYPE[next.questionType];
    if (next.validators) {
      const kept = next.validators.filter((v) => (v.path && v.path !== id) || allowed.includes(v.validator));
      if (kept.length) next.validators = kept;
      else delete next.validators;
    }
  }
  if (patch.contents) {
    const others = new Set(allQuestions(def).map((q) => q.id));
    subtreeIds(old).forEach((x) => others.delete(x));
    const own = next.contents!.flatMap(subtreeIds);
    if (new Set(own).size !== own.length || own.some((x) => others.has(x) || x === id)) return fail(designerMessages.duplicateIds);
  }
  const last = p.chain[p.chain.length - 1];
  let result = withContainer(def, p.slide, p.chain.slice(0, -1), (qs) => {
    const copy = qs.slice();
    copy[last] = next;
    return copy;
  });
  if (typeChanged) {
    const ops = OPERATORS_BY_TYPE[next.questionType];
    result = mapDefinition(result, (q) => {
      if (!q.showConditions?.some((c) => c.path === id && !ops.includes(c.condition))) return q;
      const kept = q.showConditions.filter((c) => c.path !== id || ops.includes(c.condition));
      const out = { ...q, showConditions: kept };
      if (!kept.length) delete (out as Partial<Question>).showConditions;
      return out;
    });
  }
  return done(result);
}

/** Removes the question (and a section's children) and every condition or validator pointing at them. */
export function deleteQuestion(def: FormDefinition, id: string): EditResult {
  const p = pathOf(def, id);
  if (!p) return fail(designerMessages.questionMissing(id));
  const removed = new Set(subtreeIds(questionAt(def, p)));
  const last = p.chain[p.chain.length - 1];
  const rest = withContainer(def, p.slide, p.chain.slice(0, -1), (qs) => qs.filter((_, i) => i !== last));
  return done(dropReferences(rest, removed));
}

/** Inserts a copy right after the question with fresh ids; the result's id is the copy's id. */
export function duplicateQuestion(def: FormDefinition, id: string): EditResult {
  const p = pathOf(def, id);
  if (!p) return fail(designerMessages.questionMissing(id));
  if (isReviewSlide(def.slides[p.slide])) return fail(designerMessages.reviewQuestionDuplicate);
  const [copy] = copyWithFreshIds([questionAt(def, p)], questionIds(def));
  const last = p.chain[p.chain.length - 1];
  const next = withContainer(def, p.slide, p.chain.slice(0, -1), (qs) => {
    const list = qs.slice();
    list.splice(last + 1, 0, copy);
    return list;
  });
  return done(next, copy.id);
}

/**
 * Moves a question to `to.index` of the destination (its index once moved, like arrayMove).
 * Refuses a form section into itself or its descendants and any move into, out of or within a
 * review slide.
 */
export function moveQuestion(def: FormDefinition, id: string, to: { slide: number; section?: string | null; index: number }): EditResult {
  const p = pathOf(def, id);
  if (!p) return fail(designerMessages.questionMissing(id));
  const dest = def.slides[to.slide];
  if (!dest) return fail(designerMessages.slideMissing(to.slide));
  if (isReviewSlide(def.slides[p.slide]) || isReviewSlide(dest)) return fail(designerMessages.reviewQuestionsFixed);
  const q = questionAt(def, p);
  const section = to.section ?? null;
  if (section !== null) {
    if (subtreeIds(q).includes(section)) return fail(designerMessages.sectionIntoItself);
    if (!sectionChain(def, to.slide, section)) return fail(designerMessages.sectionMissing(section));
  }
  if (isNotifyQuestion(q) && to.slide !== p.slide) return fail(designerMessages.notificationQuestionFixed);
  const from = locateQuestion(def, id)!;
  if (from.slide === to.slide && from.section === section && from.index === to.index) return done(def);
  const last = p.chain[p.chain.length - 1];
  const removed = withContainer(def, p.slide, p.chain.slice(0, -1), (qs) => qs.filter((_, i) => i !== last));
  const chain = section === null ? [] : sectionChain(removed, to.slide, section)!;
  const next = withContainer(removed, to.slide, chain, (qs) => {
    const list = qs.slice();
    list.splice(clamp(to.index, 0, qs.length), 0, q);
    return list;
  });
  return done(next);
}

// ---- choices for the question editor ---------------------------------------------------------

/** The questions a show condition of `questionId` may test, with their operators, in display order. */
export function conditionTargets(
  def: FormDefinition,
  questionId: string,
): { id: string; title: string; questionType: QuestionType; operators: ConditionOperator[] }[] {
  const p = pathOf(def, questionId);
  // A section's own children are hidden with it: a condition on them could never show it.
  const own = new Set(p ? subtreeIds(questionAt(def, p)) : [questionId]);
  return allQuestions(def)
    .filter((q) => !own.has(q.id) && OPERATORS_BY_TYPE[q.questionType].length > 0)
    .map((q) => ({ id: q.id, title: q.title, questionType: q.questionType, operators: OPERATORS_BY_TYPE[q.questionType] }));
}

export const VALIDATOR_LABELS: Record<string, string> = {
  required: 'Required',
  email: 'Email',
  phone: 'Phone',
  custom: 'Custom pattern',
  equalNumber: 'Equal to',
  notEqualNumber: 'Not equal to',
  greaterThan: 'Greater than',
  greaterThanOrEqual: 'Greater than or equal to',
  lessThan: 'Less than',
  lessThanOrEqual: 'Less than or equal to',
  past: 'In the past',
  future: 'In the future',
  after: 'After a date',
  before: 'Before a date',
};

const validatorData = (validator: string): 'pattern' | 'number' | 'date' | null =>
  validator === 'custom'
    ? 'pattern'
    : validator === 'after' || validator === 'before'
      ? 'date'
      : ['equalNumber', 'notEqualNumber', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'].includes(validator)
        ? 'number'
        : null;

/** The validators offered for the question's type; `used` when it already has one (each at most once). */
export function validatorChoices(
  question: Question,
): { validator: string; label: string; used: boolean; data: 'pattern' | 'number' | 'date' | null }[] {
  return VALIDATORS_BY_TYPE[question.questionType].map((validator) => ({
    validator,
    label: VALIDATOR_LABELS[validator] ?? validator,
    used: (question.validators ?? []).some((v) => v.validator === validator),
    data: validatorData(validator),
  }));
}
