/** The spec's messages (member-site.md and back-office.md section 5), verbatim. */
export const formValidatorMessages = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  phone: 'This field should be a valid phone number',
  custom: 'The given input is invalid',
  past: 'This date time needs to be in the past',
  future: 'This date time needs to be in the future',
  after: (date: string) => `This date time needs to be after ${date}`,
  before: (date: string) => `This date time needs to be before ${date}`,
  notImplemented: 'A validator on this field is not implemented',
  missingQuestion: 'Could not find the question this validator maps to',
} as const;

/** Numeric input as typed (member-site.md section 5). */
export const numberMessages = {
  notNumber: 'The value must be a number',
  notWhole: 'The value must be a whole number',
} as const;

/** The designer's slide rules (back-office.md section 8). */
export const slideMessages = {
  reviewExists: 'Review slide exists. Remove review slide to add a new slide.',
  secondReview: 'Multiple review slides can not be put on one form',
  secondNotification: 'Multiple notification complete slides can not be put on one form',
  reviewFixed: 'Cannot duplicate or move the Review Slide up and down.',
} as const;

/** The designer's refusals that the spec does not word, in the voice of slideMessages. */
export const designerMessages = {
  reviewQuestionsFixed: 'Cannot move questions into, out of or within the Review Slide: its questions are fixed.',
  reviewQuestionAdd: 'Cannot add questions to the Review Slide: its questions are fixed.',
  reviewQuestionDuplicate: 'Cannot duplicate a question of the Review Slide: its questions are fixed.',
  notificationQuestionFixed: 'Cannot move the notification question out of the Complete Slide: it makes the slide the notification slide.',
  reviewQuestionType: 'Cannot change the type of a Review Slide question: its questions are fixed.',
  notificationQuestionType: 'Cannot change the type of the notification question: it makes the slide the notification slide.',
  sectionIntoItself: 'Cannot move a form section into itself or into one of its own sections.',
  slideFirst: 'The slide is already the first slide.',
  slideLast: 'The slide is already the last slide.',
  slideMissing: (index: number) => `There is no slide ${index + 1}.`,
  questionMissing: (id: string) => `There is no question with id '${id}'.`,
  sectionMissing: (id: string) => `There is no form section with id '${id}' on this slide.`,
  sectionNotEmpty: 'Cannot change the type of a form section that holds questions: move or delete them first.',
  duplicateIds: 'Two questions can not share one id.',
  reservedId: (id: string) => `'${id}' can not be a question id: the name is reserved. Choose another id.`,
} as const;
