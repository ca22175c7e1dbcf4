import type { z } from 'zod';
import { BadInputError } from '../core/errors';

/** The parts of a zod 4 schema definition the unknown-field walk needs. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The keys of `value` that `schema` does not declare, as dotted paths, at any depth (objects
 * inside arrays, optionals, defaults, unions). An object declared `.loose()` or `.strict()`
 * (one with a catchall) is left to zod: `.loose()` is the explicit way for a route to accept
 * extra keys, and such a route must say why in a comment.
 */
function unknownKeys(schema: z.ZodType, value: unknown, path: string[], out: string[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return;
      const shape = def.shape ?? {};
      for (const key of Object.keys(value)) {
        const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (field) unknownKeys(field, value[key], [...path, key], out);
        else if (!def.catchall) out.push([...path, key].join('.'));
      }
      return;
    }
    case 'array':
      if (Array.isArray(value) && def.element) value.forEach((item, i) => unknownKeys(def.element!, item, [...path, String(i)], out));
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      if (def.innerType) unknownKeys(def.innerType, value, path, out);
      return;
    case 'pipe':
      if (def.in) unknownKeys(def.in, value, path, out);
      return;
    case 'lazy':
      if (def.getter) unknownKeys(def.getter(), value, path, out);
      return;
    case 'union': {
      // The first option the value fits decides which keys are known.
      const option = def.options?.find((o) => o.safeParse(value).success);
      if (option) unknownKeys(option, value, path, out);
      return;
    }
    default:
      return;
  }
}

/**
 * Validates a REST body against its schema; a bad body is a 400 naming the first problem.
 * Fields the schema does not declare are refused (a 400 naming them) rather than silently
 * dropped, so a misspelt or stale field never looks as if it had been saved.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const input = body ?? {};
  const unknown: string[] = [];
  unknownKeys(schema, input, [], unknown);
  if (unknown.length) {
    const names = unknown.slice(0, 10).map((k) => `'${k.length > 100 ? `${k.slice(0, 100)}…` : k}'`);
    throw new BadInputError(
      `${unknown.length === 1 ? 'Unknown field' : 'Unknown fields'} ${names.join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}`,
    );
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BadInputError(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
  return result.data;
}
