/**
 * The form definition (a form version's formData) and its answers: the contract shared
 * by the filler (web), the server's submission checks and the PDF.
 * member-site.md section 3, back-office.md section 3.
 */
export const QUESTION_TYPES = [
  'text',
  'textArea',
  'number',
  'checkbox',
  'statement',
  'datetime',
  'date',
  'radiobutton',
  'list',
  'formSection',
  'combobox',
  'multicombobox',
  'canvasDraw',
  'riskMatrix',
  'selectUserProfile',
  'jobNumber',
  'jobAddress',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const CONDITION_OPERATORS = [
  'equal',
  'notEqual',
  'contains',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface QuestionOption {
  id: string;
  value: string;
}

export interface ShowCondition {
  /** Id of the question whose answer is compared. */
  path: string;
  condition: ConditionOperator;
  value: unknown;
}

export interface QuestionValidator {
  /** Id of the question the validator checks (normally the question itself). */
  path: string;
  /** required, email, phone, custom, equalNumber, notEqualNumber, greaterThan, greaterThanOrEqual,
   * lessThan, lessThanOrEqual, past, future, after, before; anything else is "not implemented". */
  validator: string;
  /** The pattern (custom), the bound (number comparisons) or the date (after/before). */
  additionalData?: unknown;
}

export interface Question {
  id: string;
  title: string;
  questionType: QuestionType;
  options?: QuestionOption[];
  /** Nested questions of a formSection. */
  contents?: Question[];
  toolTip?: string;
  /** radiobutton: 'vertical' | 'horizontal'; statement: 'Light' | 'Important'. */
  className?: string;
  /** Text of a statement. */
  content?: string;
  showConditions?: ShowCondition[];
  validators?: QuestionValidator[];
  notAfterChange?: boolean;
  /**
   * A 'No' raises a corrective action (issue 15): on a radiobutton, list or combobox question
   * with a 'No' option (canRaiseOnNo), the filler offers to raise one under that answer.
   */
  raisesAction?: boolean;
  /** Ask for photo evidence on this question (a photo section instead of the small 'Add photo'). */
  photos?: boolean;
}

export interface Slide {
  name: string;
  contents: Question[];
}

export type PaginationType = 'scroll' | 'page' | 'url' | '';

export interface FormDefinition {
  slides: Slide[];
  pagination: { type: PaginationType };
  customOptions: unknown[];
  /** Keep the location and time (EXIF GPS and date) of photos taken for this form; removed otherwise. */
  keepPhotoMetadata?: boolean;
}

/** Answers keyed by question id (and the derived keys of risk matrix and canvas questions). */
export type Answers = Record<string, unknown>;

/** The answer under `key` when the answers hold one of their own (never an inherited property such as toString). */
export const answerOf = (answers: Answers, key: string): unknown => (Object.hasOwn(answers, key) ? answers[key] : undefined);

/** One failed check: the question id and the spec's message. */
export interface AnswerIssue {
  path: string;
  message: string;
}
