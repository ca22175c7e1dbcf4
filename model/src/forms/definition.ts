import { z } from 'zod';
import { designerMessages } from './messages';
import { CONDITION_OPERATORS, QUESTION_TYPES, type FormDefinition, type Question, type QuestionValidator, type Slide } from './types';

/**
 * Validation of a stored form definition (a form version's formData), used by the designer on
 * save, by the server on submission and by the PDF. Objects are loose: keys this code does not
 * know survive a parse-and-save round trip instead of being silently dropped.
 */

const enumError = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${what} is required` : `Unknown ${what} ${JSON.stringify(issue.input)}`;

const optionSchema = z.looseObject({ id: z.string(), value: z.string() });

const conditionSchema = z.looseObject({
  path: z.string().min(1),
  condition: z.enum(CONDITION_OPERATORS, { error: enumError('condition') }),
  value: z.unknown(),
});

/** Older data (and the demo seed) omit a validator's path; it then checks its own question. */
const validatorSchema = z.looseObject({
  path: z.string().optional(),
  validator: z.string().min(1),
  additionalData: z.unknown().optional(),
});

type ValidatorInput = Omit<QuestionValidator, 'path'> & { path?: string };
export type QuestionInput = Omit<Question, 'validators' | 'contents'> & {
  validators?: ValidatorInput[];
  contents?: QuestionInput[];
};

export const questionSchema: z.ZodType<Question, QuestionInput> = z.lazy(() =>
  z
    .looseObject({
      id: z.string().min(1),
      title: z.string(),
      questionType: z.enum(QUESTION_TYPES, { error: enumError('question type') }),
      options: z.array(optionSchema).optional(),
      contents: z.array(questionSchema).optional(),
      toolTip: z.string().optional(),
      className: z.string().optional(),
      content: z.string().optional(),
      showConditions: z.array(conditionSchema).optional(),
      validators: z.array(validatorSchema).optional(),
      notAfterChange: z.boolean().optional(),
      raisesAction: z.boolean().optional(),
      photos: z.boolean().optional(),
    })
    .transform(({ validators, ...rest }) =>
      validators ? { ...rest, validators: validators.map((v) => ({ ...v, path: v.path || rest.id })) } : rest,
    ),
);

/** Names every object has (Object.prototype's own properties, and 'prototype'): never a question id. */
const RESERVED_QUESTION_IDS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const isReservedQuestionId = (id: string): boolean => RESERVED_QUESTION_IDS.has(id);

const slideSchema = z.looseObject({ name: z.string(), contents: z.array(questionSchema) });

/** Walks questions depth-first with their dotted paths, e.g. slides.1.contents.0.contents.2 */
function eachQuestion(def: FormDefinition, visit: (q: Question, path: string) => void): void {
  const walk = (qs: Question[], base: string): void =>
    qs.forEach((q, i) => {
      visit(q, `${base}.${i}`);
      if (q.contents) walk(q.contents, `${base}.${i}.contents`);
    });
  def.slides.forEach((s, i) => walk(s.contents, `slides.${i}.contents`));
}

export const formDefinitionSchema: z.ZodType<FormDefinition, unknown> = z
  .looseObject({
    slides: z.array(slideSchema),
    // An empty first version has pagination type '' and no custom options (back-office.md 4).
    pagination: z
      .looseObject({ type: z.enum(['scroll', 'page', 'url', ''], { error: enumError('pagination type') }) })
      .default({ type: '' }),
    customOptions: z.array(z.unknown()).default([]),
    keepPhotoMetadata: z.boolean().optional(),
  })
  .superRefine((def, ctx) => {
    // Answers are keyed by question id, so two questions sharing one would share an answer.
    const seen = new Set<string>();
    eachQuestion(def, (q, path) => {
      // Answers are plain objects: an id naming a built-in property (toString, __proto__...) would read that property.
      if (isReservedQuestionId(q.id))
        ctx.addIssue({ code: 'custom', message: `${designerMessages.reservedId(q.id)} (at ${path}.id)`, path: [] });
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', message: `Duplicate question id '${q.id}' at ${path}.id`, path: [] });
      seen.add(q.id);
    });
  });

/** How deep form sections may nest: a section in a section … at most this many levels. */
export const MAX_SECTION_DEPTH = 20;

export const definitionMessages = {
  tooDeep: (path: string) => `Form sections are nested too deeply (at most ${MAX_SECTION_DEPTH} levels) at ${path}`,
} as const;

/**
 * The path of the first question nested deeper than MAX_SECTION_DEPTH sections, or null. Walks
 * the raw data without recursion, before the schema (which recurses once per level) sees it, so
 * a definition nested thousands deep is answered with a message instead of exhausting the stack.
 */
function tooDeep(data: unknown): string | null {
  if (!data || typeof data !== 'object' || !Array.isArray((data as { slides?: unknown }).slides)) return null;
  const stack: { items: unknown; path: string; depth: number }[] = [];
  (data as { slides: unknown[] }).slides.forEach((slide, i) => {
    if (slide && typeof slide === 'object')
      stack.push({ items: (slide as { contents?: unknown }).contents, path: `slides.${i}.contents`, depth: 0 });
  });
  while (stack.length) {
    const { items, path, depth } = stack.pop()!;
    if (!Array.isArray(items)) continue;
    for (let i = 0; i < items.length; i++) {
      const q: unknown = items[i];
      if (!q || typeof q !== 'object' || !Object.hasOwn(q, 'contents')) continue;
      if (depth + 1 > MAX_SECTION_DEPTH) return `${path}.${i}`;
      stack.push({ items: (q as { contents: unknown }).contents, path: `${path}.${i}.contents`, depth: depth + 1 });
    }
  }
  return null;
}

export type ParseDefinitionResult = { ok: true; definition: FormDefinition } | { ok: false; message: string };

/** Parses a definition given as an object or as JSON text; the message names the faulty path. */
export function parseFormDefinition(input: unknown): ParseDefinitionResult {
  let data = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (e) {
      return { ok: false, message: `Invalid JSON: ${(e as Error).message}` };
    }
  }
  const deep = tooDeep(data);
  if (deep) return { ok: false, message: definitionMessages.tooDeep(deep) };
  const result = formDefinitionSchema.safeParse(data);
  if (result.success) return { ok: true, definition: result.data };
  const issue = result.error.issues[0];
  const path = issue.path.map(String).join('.');
  return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
}

/** A slide's questions, each formSection followed by its children. */
export function slideQuestions(slide: Slide): Question[] {
  const out: Question[] = [];
  const walk = (qs: Question[]): void => {
    for (const q of qs) {
      out.push(q);
      if (q.contents) walk(q.contents);
    }
  };
  walk(slide.contents);
  return out;
}

/** Every question of the form in display order, each formSection followed by its children. */
export function allQuestions(def: FormDefinition): Question[] {
  return def.slides.flatMap(slideQuestions);
}

export function findQuestion(def: FormDefinition, id: string): Question | undefined {
  return allQuestions(def).find((q) => q.id === id);
}

/** The formSection directly containing the question, if any. */
export function parentSection(def: FormDefinition, id: string): Question | undefined {
  return allQuestions(def).find((q) => q.contents?.some((c) => c.id === id));
}
