import { FormType } from '@hub/model';
import { allQuestions, hasReviewSlide, isCompleteSlide, parseFormDefinition } from '@hub/model/forms';
import { describe, expect, it } from 'vitest';
import { demoFormData } from '../seed/forms';

/** The demo forms are valid definitions, and the Risk Assessment shows what the filler can do. */

const types = Object.keys(FormType.values) as (keyof typeof FormType.values)[];

describe('seeded forms', () => {
  it.each(types)('%s is a valid form definition', (type) => {
    const parsed = parseFormDefinition(demoFormData(type));
    expect(parsed.ok ? 'ok' : parsed.message).toBe('ok');
  });

  it('gives the Risk Assessment a drawing, a risk matrix, a show condition, a Complete Slide and a review slide', () => {
    const parsed = parseFormDefinition(demoFormData('RISK_ASSESSMENT'));
    if (!parsed.ok) throw new Error(parsed.message);
    const def = parsed.definition;
    const questions = allQuestions(def);
    expect(questions.some((q) => q.questionType === 'canvasDraw')).toBe(true);
    expect(questions.some((q) => q.questionType === 'riskMatrix')).toBe(true);
    expect(questions.some((q) => q.showConditions?.length)).toBe(true);
    expect(def.slides.some(isCompleteSlide)).toBe(true);
    expect(hasReviewSlide(def)).toBe(true);
    expect(def.slides.findIndex((s) => s.contents.some((q) => q.id.includes('ReviewSlide')))).toBe(def.slides.length - 1);
  });
});
