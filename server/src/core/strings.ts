import { BadInputError } from './errors';

/** PostgreSQL text cannot hold U+0000: a request carrying it is refused, in one place, with this. */
export const textMessages = {
  nul: 'Text cannot contain the NUL character (U+0000)',
} as const;

/**
 * Plain data: arrays, object literals, null-prototype objects, and objects whose prototype has a
 * null prototype itself (Node's `querystring.parse`, which Fastify uses for query strings, makes
 * those); never class instances such as Buffers or streams.
 */
const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as object | null;
  return Array.isArray(v) || proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/**
 * The dotted path of the first string or key in `value` that holds a NUL character ('' for
 * `value` itself), or null when there is none. Walks plain objects and arrays without
 * recursion, so no nesting depth can overflow the stack.
 */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (typeof v === 'object' && v !== null && isPlain(v)) {
      for (const key of Object.keys(v)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path;
        stack.push([(v as Record<string, unknown>)[key], at]);
      }
    }
  }
  return null;
}

/** Refuses a value (a request body, query, GraphQL arguments) holding a NUL character anywhere. */
export function assertNoNul(value: unknown, what = ''): void {
  const path = nulPath(value);
  if (path === null) return;
  const where = [what, path].filter(Boolean).join('.').replaceAll('\u0000', '');
  throw new BadInputError(where ? `${textMessages.nul} (in ${where.length > 100 ? `${where.slice(0, 100)}…` : where})` : textMessages.nul);
}
