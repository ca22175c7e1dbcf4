/** Business constants of data-layer.md section 9. */
export const MB = 1_000_000;
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * MB;
export const ATTACHMENT_MAX_BYTES = 20 * MB;
/** A form photo's thumbnail (about 400 px on its longest side, a few tens of kB). */
export const PHOTO_THUMBNAIL_MAX_BYTES = 1 * MB;
export const DEFAULT_PAGE_SIZE = 10;
export const LOOKUP_TAKE = 10;
export const LOOKUP_DEBOUNCE_MS = 500;
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 300;
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const WIRE_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY hh:mm A';
export const FILTER_DATE_FORMAT = 'YYYY-MM-DD';
/**
 * Largest page a list query may ask for; also the most records one create, update or delete
 * takes, the most ids one list names and the most values one search condition gives.
 */
export const MAX_TAKE = 1000;
/** Most segments of a dotted search path (`parentAsset.parentAsset.description` is 3): the GraphQL depth limit. */
export const MAX_PATH_DEPTH = 8;
/** Most search conditions one request gives (where, conditions and has together). */
export const MAX_CONDITIONS = 200;
/** Deepest nesting of a JSON value a client may send (form definitions and answers need far fewer). */
export const MAX_JSON_DEPTH = 32;
/** Stored file types a browser is shown in the hub's origin (images other than SVG, and PDF); every other file is a download. */
export const INLINE_FILE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'application/pdf'];

/**
 * Corrective actions (issue 15): the due date a new action gets by its priority, in days from
 * the day it is raised (high 7, moderate 14, low 30), keyed by the Priority enum's wire values.
 */
export const ACTION_DUE_DAYS: Readonly<Record<'HIGH' | 'MODERATE' | 'LOW', number>> = { HIGH: 7, MODERATE: 14, LOW: 30 };
/** A risk matrix score at or above this (High or Catastrophic) is a failing answer that may raise an action. */
export const ACTION_RISK_SCORE = 10;
/** Longest description of a corrective action, and of the comment that closes it. */
export const ACTION_DESCRIPTION_MAX = 2000;
export const ACTION_COMMENT_MAX = 2000;
/** Longest question title kept with an action (the title as it was when the action was raised). */
export const ACTION_TITLE_MAX = 500;
/** The photo that may close an action: an image, at most 20 MB. */
export const ACTION_PHOTO_MAX_BYTES = 20 * MB;
/**
 * How far in the past the server still takes an action's due date (the filler offers none
 * before today): a submission filled offline may reach the server days after it was filled.
 */
export const ACTION_DUE_GRACE_DAYS = 14;
/** How far ahead an action may be due. */
export const ACTION_DUE_MAX_DAYS = 366;
