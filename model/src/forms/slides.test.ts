import { describe, it, expect } from 'vitest';
import {
  addSlideError,
  duplicateSlideError,
  hasReviewSlide,
  isCompleteSlide,
  isReviewSlide,
  moveSlideError,
  newCompleteSlide,
  newReviewSlide,
  notificationDefaults,
  notificationRecipients,
  slideKind,
  validateReview,
} from './slides';
import { parseFormDefinition } from './definition';
import { visibleQuestions } from './conditions';
import type { FormDefinition, Slide } from './types';

const standard: Slide = { name: 'Details', contents: [{ id: 'a', title: 'A', questionType: 'text' }] };
const form = (...slides: Slide[]): FormDefinition => ({ slides, pagination: { type: 'page' }, customOptions: [] });

describe('slide kinds', () => {
  it('recognises review, notification and standard slides', () => {
    expect(isReviewSlide(newReviewSlide())).toBe(true);
    expect(isReviewSlide(standard)).toBe(false);
    expect(isCompleteSlide(newCompleteSlide())).toBe(true);
    expect(isCompleteSlide(standard)).toBe(false);
    expect([standard, newCompleteSlide(), newReviewSlide()].map(slideKind)).toEqual(['standard', 'notification', 'review']);
  });

  it('needs a user-select question starting with complete for a notification slide', () => {
    const textOnly: Slide = { name: 'Complete Slide', contents: [{ id: 'complete-x', title: 'X', questionType: 'text' }] };
    const otherId: Slide = { name: 'Complete Slide', contents: [{ id: 'notify', title: 'X', questionType: 'selectUserProfile' }] };
    expect(isCompleteSlide(textOnly)).toBe(false);
    expect(isCompleteSlide(otherId)).toBe(false);
  });

  it('builds the default review slide', () => {
    const slide = newReviewSlide();
    expect(slide.contents.map((q) => [q.id, q.questionType])).toEqual([
      ['ReviewSlide-option', 'radiobutton'],
      ['ReviewSlide-message', 'statement'],
      ['ReviewSlide-comments', 'textArea'],
    ]);
    expect(slide.contents[0].options?.map((o) => o.value)).toEqual(['Satisfactory', 'CI Improvement Opportunity']);
    expect(slide.contents[0].validators).toEqual([{ path: 'ReviewSlide-option', validator: 'required' }]);
    expect(slide.contents[1].className).toBe('Important');
    expect(slide.contents[1].content).toMatch(/improvement opportunity in the comments/);
    expect(slide.contents[2].title).toBe('Comments');
    expect(newReviewSlide()).not.toBe(slide);
  });

  it('shows the review message only for CI Improvement Opportunity', () => {
    const def = form(standard, newReviewSlide());
    const shown = (option?: string) =>
      visibleQuestions(def, option ? { 'ReviewSlide-option': option } : {}).some((q) => q.id === 'ReviewSlide-message');
    expect(shown('CI Improvement Opportunity')).toBe(true);
    expect(shown('Satisfactory')).toBe(false);
    expect(shown()).toBe(false);
  });

  it('builds the default notification slide', () => {
    expect(newCompleteSlide()).toEqual({
      name: 'Complete Slide',
      contents: [{ id: 'complete-notify', title: 'Notify users', questionType: 'selectUserProfile' }],
    });
  });

  it('produces slides that parse as a definition', () => {
    expect(parseFormDefinition(form(standard, newCompleteSlide(), newReviewSlide())).ok).toBe(true);
  });

  it('tells whether a form has a review slide', () => {
    expect(hasReviewSlide(form(standard, newReviewSlide()))).toBe(true);
    expect(hasReviewSlide(form(standard, newCompleteSlide()))).toBe(false);
  });
});

describe('notifications', () => {
  it('collects the chosen accounts once each, ignoring other user selects', () => {
    const def = form({ ...standard, contents: [{ id: 'supervisor', title: 'S', questionType: 'selectUserProfile' }] }, newCompleteSlide());
    expect(notificationRecipients(def, { 'complete-notify': ['u1', 'u2', 'u1', ''], supervisor: ['u9'] })).toEqual(['u1', 'u2']);
    expect(notificationRecipients(def, {})).toEqual([]);
    expect(notificationRecipients(form(standard), { 'complete-notify': ['u1'] })).toEqual([]);
  });

  it('ignores a hidden notification question', () => {
    const slide = newCompleteSlide();
    slide.contents[0].showConditions = [{ path: 'a', condition: 'equal', value: 'notify' }];
    const def = form(standard, slide);
    expect(notificationRecipients(def, { a: 'no', 'complete-notify': ['u1'] })).toEqual([]);
    expect(notificationRecipients(def, { a: 'notify', 'complete-notify': ['u1'] })).toEqual(['u1']);
  });

  it('defaults the notification question to the primary contact', () => {
    expect(notificationDefaults(form(standard, newCompleteSlide()), 'pc')).toEqual({ 'complete-notify': ['pc'] });
    expect(notificationDefaults(form(standard), 'pc')).toEqual({});
  });
});

describe('validateReview', () => {
  const def = form(standard, newReviewSlide());

  it('requires an option', () => {
    expect(validateReview(def, {})).toEqual([{ path: 'ReviewSlide-option', message: 'This field is required' }]);
  });

  it('requires comments for CI Improvement Opportunity only', () => {
    expect(validateReview(def, { 'ReviewSlide-option': 'CI Improvement Opportunity' })).toEqual([
      { path: 'ReviewSlide-comments', message: 'This field is required' },
    ]);
    expect(validateReview(def, { 'ReviewSlide-option': 'CI Improvement Opportunity', 'ReviewSlide-comments': ' ' })).toEqual([
      { path: 'ReviewSlide-comments', message: 'This field is required' },
    ]);
    expect(validateReview(def, { 'ReviewSlide-option': 'CI Improvement Opportunity', 'ReviewSlide-comments': 'Add signage' })).toEqual([]);
    expect(validateReview(def, { 'ReviewSlide-option': 'Satisfactory' })).toEqual([]);
  });

  it('has nothing to check without a review slide', () => {
    expect(validateReview(form(standard), {})).toEqual([]);
  });
});

describe('designer slide rules', () => {
  it('allows one review and one notification slide, and nothing after a review slide', () => {
    expect(addSlideError(form(standard), 'standard')).toBeNull();
    expect(addSlideError(form(standard), 'review')).toBeNull();
    expect(addSlideError(form(standard), 'notification')).toBeNull();
    expect(addSlideError(form(standard, newCompleteSlide()), 'notification')).toBe(
      'Multiple notification complete slides can not be put on one form',
    );
    expect(addSlideError(form(standard, newCompleteSlide()), 'standard')).toBeNull();
    expect(addSlideError(form(standard, newReviewSlide()), 'standard')).toBe(
      'Review slide exists. Remove review slide to add a new slide.',
    );
    expect(addSlideError(form(standard, newReviewSlide()), 'review')).toBe('Multiple review slides can not be put on one form');
  });

  it('keeps the review slide in place', () => {
    const def = form(standard, { ...standard, name: 'Two' }, newReviewSlide());
    const fixed = 'Cannot duplicate or move the Review Slide up and down.';
    expect(moveSlideError(def, 0, 'down')).toBeNull();
    expect(moveSlideError(def, 1, 'up')).toBeNull();
    expect(moveSlideError(def, 1, 'down')).toBe(fixed);
    expect(moveSlideError(def, 2, 'up')).toBe(fixed);
    expect(moveSlideError(def, 0, 'up')).toBeNull();
    expect(duplicateSlideError(def, 2)).toBe(fixed);
    expect(duplicateSlideError(def, 0)).toBeNull();
    expect(duplicateSlideError(form(newCompleteSlide()), 0)).toBe('Multiple notification complete slides can not be put on one form');
  });
});
