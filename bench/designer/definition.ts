import type { FormDefinition } from '@hub/model/forms';
import { benchDefinition } from '../filler/definition';

/**
 * The designer benchmark's form (issue 12 item 6): the filler bench's mix of question types
 * (required fields, tooltips, show conditions, options, risk matrices, a drawing), 100
 * questions on 10 slides of 10.
 */
export function designerDefinition(slides = 10, perSlide = 10): FormDefinition {
  const questions = benchDefinition(slides * perSlide).slides[0].contents;
  return {
    slides: Array.from({ length: slides }, (_, s) => ({
      name: `Slide ${s + 1}`,
      contents: questions.slice(s * perSlide, (s + 1) * perSlide),
    })),
    pagination: { type: 'page' },
    customOptions: [],
  };
}
