import { parseFormDefinition } from '@hub/model/forms';
import { ValidationError } from '../core/errors';
import type { SaveHookContext, SaveHooks } from '../crud/hooks';

export const formVersionMessages = {
  invalid: (reason: string) => `The form definition is not valid: ${reason}`,
} as const;

/** No definition yet: the designer may keep a version without form data. */
const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A form version's formData must be a form definition the filler, the server's submission
 * checks and the PDF can read: whatever saves it (the designer, GraphQL, REST, seeds), a
 * malformed one is refused with the parser's message, which names the faulty path.
 */
function prepare(ctx: SaveHookContext): void {
  if (!('formData' in ctx.input) || isEmpty(ctx.input.formData)) return;
  const parsed = parseFormDefinition(ctx.input.formData);
  if (!parsed.ok) throw new ValidationError([{ path: 'formData', code: 'invalid', message: formVersionMessages.invalid(parsed.message) }]);
}

export const versionHooks: SaveHooks = { prepare };
