import type { AnyEntityDef, Field } from './define';
import { kinds } from './kinds';
import { messages, type ValidationCode, type ValidationIssue } from './messages';
import { isUuid } from './values';

export type SaveMode = 'create' | 'update';

/** The input key a field is written through: references and files by their id. */
export function inputKey(name: string, field: Field<string>): string {
  return kinds[field.kind].holdsId ? `${name}Id` : name;
}

export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function codeOf(issue: { code: string; params?: Record<string, unknown> }): ValidationCode {
  const code = issue.params?.code;
  if (typeof code === 'string') return code as ValidationCode;
  if (issue.code === 'too_small' || issue.code === 'too_big') return 'range';
  return 'invalid';
}

/** Cross-field rules named by entities. */
const rules: Record<string, (input: Record<string, unknown>, mode: SaveMode) => ValidationIssue[]> = {
  documentFileOrLink: (input, mode) => {
    const hasFile = !isBlank(input.documentUploadId) || !isBlank(input.documentUpload);
    const hasLink = !isBlank(input.documentLink);
    if (hasFile && hasLink) return [{ path: 'documentLink', code: 'invalid', message: messages.documentBoth }];
    const touched = 'documentUploadId' in input || 'documentUpload' in input || 'documentLink' in input;
    if (!hasFile && !hasLink && (mode === 'create' || touched))
      return [{ path: 'documentUpload', code: 'required', message: messages.documentNeither }];
    return [];
  },
  confirmPassword: (input) => {
    if (!('password' in input) && !('confirmPassword' in input)) return [];
    if ((input.password ?? '') !== (input.confirmPassword ?? ''))
      return [{ path: 'confirmPassword', code: 'invalid', message: messages.passwordsDiffer }];
    return [];
  },
};

/**
 * Validates a create or update input against the entity's declaration, with the spec's
 * messages. Updates are patches: only keys present are checked, but required ones may
 * not be cleared. Immutable and read-only fields are refused on update / always.
 */
export function validateInput(entity: AnyEntityDef, input: Record<string, unknown>, mode: SaveMode): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    const key = inputKey(name, field);
    const present = key in input || (kinds[field.kind].upload && name in input);
    const value = input[key];
    if (!present) {
      if (mode === 'create' && field.required && field.default === undefined && !field.readOnly)
        issues.push({ path: key, code: 'required', message: messages.required });
      continue;
    }
    if (field.readOnly) continue; // ignored on write; the server never stores client values here
    if (mode === 'update' && field.immutable) continue; // the server keeps the stored value
    if (isBlank(value)) {
      if (field.required && !(kinds[field.kind].upload && name in input && !isBlank(input[name])))
        issues.push({
          path: key,
          code: 'required',
          message: field.kind === 'links' && field.minItems ? messages.atLeastOne : messages.required,
        });
      continue;
    }
    const result = kinds[field.kind].zod(field).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const sub = issue.path.length ? `${key}.${issue.path.join('.')}` : key;
        issues.push({ path: sub, code: codeOf(issue as never), message: issue.message });
      }
    }
  }
  for (const rule of entity.rules ?? []) issues.push(...(rules[rule]?.(input, mode) ?? []));
  const idem = idempotencyKeyIssue(entity, input, mode);
  if (idem) issues.push(idem);
  return issues;
}

/**
 * An idempotent create's key (EntityDef.idempotentCreate), when given, is a UUID: checked
 * before the server looks it up, so a hostile key is refused with a message, never matched.
 */
export function idempotencyKeyIssue(entity: AnyEntityDef, input: Record<string, unknown>, mode: SaveMode): ValidationIssue | null {
  const key = entity.idempotentCreate?.key;
  if (!key || mode !== 'create' || input[key] === undefined || input[key] === null) return null;
  return isUuid(input[key]) ? null : { path: key, code: 'invalid', message: messages.idempotencyKey };
}
