/**
 * The one check of every return path the hub redirects to (sign-in, logout, single sign-on
 * RelayState, the record pages' `redirect`), on the server and in the browser alike.
 */

/** Longest return path kept; a longer one is reduced to '/'. */
export const MAX_RETURN_PATH = 2048;

/** Whitespace (Unicode's too), control characters (C0, DEL, C1) and the backslash. */
const UNSAFE = /[\s\p{Cc}\\]/u;
const CONTROL = /\p{Cc}/u;
/** A `.` or `..` segment: the browser would resolve it, possibly into `//host`. */
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;
/** How many layers of percent-encoding of the path are looked through. */
const DECODE_ROUNDS = 4;
const BASE = 'https://hub.invalid';

/**
 * `value` when it is a path of this site that a browser cannot be talked into leaving the
 * site from, else '/'. Kept: a single leading `/` then a path, query and fragment. Refused
 * (reduced to '/'): anything not a string, empty or longer than {@link MAX_RETURN_PATH}; a
 * scheme or host (`https://x`, `//x`, `javascript:`); a backslash, whitespace or control
 * character anywhere (browsers read `\` as `/` and drop tabs and newlines, so `/\x` and
 * `/<tab>/x` mean `//x`); the same in the percent-decoded path, however many times encoded
 * (`/%2F/x`, `/%5Cx`, `/%252F%252Fx`); an encoded control character anywhere (`%0d%0a`);
 * `.` and `..` segments; invalid percent-encoding. Characters outside ASCII are returned
 * percent-encoded, so the value is always a valid `Location` header.
 */
export function safePath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return '/';
  try {
    if (CONTROL.test(decodeURIComponent(value))) return '/';
  } catch {
    return '/'; // invalid percent-encoding
  }
  let path = value.replace(/[?#][\s\S]*$/, '');
  for (let round = 0; ; round++) {
    if (path.startsWith('//') || UNSAFE.test(path) || DOT_SEGMENT.test(path)) return '/';
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      break; // a literal '%' after decoding (from %25): nothing more to look through
    }
    if (next === path) break;
    if (round === DECODE_ROUNDS) return '/';
    path = next;
  }
  let out: string;
  try {
    out = value.replace(/[^\x21-\x7e]+/gu, (chars) => encodeURIComponent(chars));
  } catch {
    return '/'; // a lone surrogate
  }
  if (out.length > MAX_RETURN_PATH) return '/';
  try {
    if (new URL(out, `${BASE}/`).origin !== BASE) return '/';
  } catch {
    return '/';
  }
  return out;
}
