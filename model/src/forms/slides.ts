import { answerOf, type AnswerIssue, type Answers, type FormDefinition, type Question, type Slide } from './types';
import { slideQuestions } from './definition';
import { isAnswered } from './answers';
import { visibilityTest } from './conditions';
import { slideMessages, formValidatorMessages } from './messages';

/**
 * Slide kinds (back-office.md section 4): standard; notification ("Complete Slide", whose
 * user-select question id starts with 'complete'); review (question ids include 'ReviewSlide').
 */
export type SlideKind = 'standard' | 'notification' | 'review';

export const REVIEW_OPTIONS = { satisfactory: 'Satisfactory', improvement: 'CI Improvement Opportunity' } as const;
export const NEW_SLIDE_NAME = 'New Slide';

export function isReviewSlide(slide: Slide): boolean {
  return slideQuestions(slide).some((q) => q.id.includes('ReviewSlide'));
}

const isNotifyQuestion = (q: Question): boolean => q.questionType === 'selectUserProfile' && q.id.startsWith('complete');

export function isCompleteSlide(slide: Slide): boolean {
  return slideQuestions(slide).some(isNotifyQuestion);
}

export function slideKind(slide: Slide): SlideKind {
  return isReviewSlide(slide) ? 'review' : isCompleteSlide(slide) ? 'notification' : 'standard';
}

export function hasReviewSlide(def: FormDefinition): boolean {
  return def.slides.some(isReviewSlide);
}

export function newReviewSlide(): Slide {
  return {
    name: 'Review Slide',
    contents: [
      {
        id: 'ReviewSlide-option',
        title: 'Review outcome',
        questionType: 'radiobutton',
        className: 'vertical',
        options: [
          { id: '1', value: REVIEW_OPTIONS.satisfactory },
          { id: '2', value: REVIEW_OPTIONS.improvement },
        ],
        validators: [{ path: 'ReviewSlide-option', validator: 'required' }],
      },
      {
        id: 'ReviewSlide-message',
        title: '',
        questionType: 'statement',
        className: 'Important',
        content: 'Please describe the improvement opportunity in the comments below.',
        showConditions: [{ path: 'ReviewSlide-option', condition: 'equal', value: REVIEW_OPTIONS.improvement }],
      },
      { id: 'ReviewSlide-comments', title: 'Comments', questionType: 'textArea' },
    ],
  };
}

export function newCompleteSlide(): Slide {
  return {
    name: 'Complete Slide',
    contents: [{ id: 'complete-notify', title: 'Notify users', questionType: 'selectUserProfile' }],
  };
}

const notifyQuestions = (def: FormDefinition): Question[] =>
  def.slides.filter(isCompleteSlide).flatMap(slideQuestions).filter(isNotifyQuestion);

/** The notification question starts out with the organisation's primary contact chosen. */
export function notificationDefaults(def: FormDefinition, primaryContactId: string): Answers {
  return Object.fromEntries(notifyQuestions(def).map((q) => [q.id, [primaryContactId]]));
}

/** Account ids chosen on the visible notification questions, each once, in order. */
export function notificationRecipients(def: FormDefinition, answers: Answers): string[] {
  const visible = visibilityTest(def, answers);
  const ids = notifyQuestions(def)
    .filter(visible)
    .flatMap((q) => {
      const chosen = answerOf(answers, q.id);
      return Array.isArray(chosen) ? chosen.filter((id): id is string => typeof id === 'string' && id !== '') : [];
    });
  return [...new Set(ids)];
}

/**
 * Checks a manager's review (member-site.md section 4): an option must be chosen, and
 * 'CI Improvement Opportunity' needs comments. A form without a review slide has nothing to check.
 */
export function validateReview(def: FormDefinition, answers: Answers): AnswerIssue[] {
  const questions = def.slides.filter(isReviewSlide).flatMap(slideQuestions);
  const option = questions.find((q) => q.questionType === 'radiobutton');
  const comments = questions.find((q) => q.questionType === 'textArea');
  if (!option) return [];
  if (!isAnswered(option, answers)) return [{ path: option.id, message: formValidatorMessages.required }];
  if (answerOf(answers, option.id) === REVIEW_OPTIONS.improvement && comments && !isAnswered(comments, answers))
    return [{ path: comments.id, message: formValidatorMessages.required }];
  return [];
}

/** Why a slide of this kind cannot be added, or null: one review and one notification slide. */
export function addSlideError(def: FormDefinition, kind: SlideKind): string | null {
  if (hasReviewSlide(def)) return kind === 'review' ? slideMessages.secondReview : slideMessages.reviewExists;
  if (kind === 'notification' && def.slides.some(isCompleteSlide)) return slideMessages.secondNotification;
  return null;
}

/** A review slide stays last: it cannot move and nothing can move below it. */
export function moveSlideError(def: FormDefinition, index: number, direction: 'up' | 'down'): string | null {
  const slide = def.slides[index];
  const other = def.slides[direction === 'up' ? index - 1 : index + 1];
  if (!slide || !other) return null;
  return isReviewSlide(slide) || isReviewSlide(other) ? slideMessages.reviewFixed : null;
}

export function duplicateSlideError(def: FormDefinition, index: number): string | null {
  const slide = def.slides[index];
  if (!slide) return null;
  if (isReviewSlide(slide)) return slideMessages.reviewFixed;
  return isCompleteSlide(slide) ? slideMessages.secondNotification : null;
}
