import type { z } from 'zod';
import { BadInputError } from '../crud/errors';

/** Validates a REST body against its schema; a bad body is a 400 naming the first problem. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BadInputError(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
  return result.data;
}
