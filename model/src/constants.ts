/** Business constants of data-layer.md section 9. */
export const MB = 1_000_000;
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * MB;
export const ATTACHMENT_MAX_BYTES = 20 * MB;
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
