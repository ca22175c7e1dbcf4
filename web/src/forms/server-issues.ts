import type { AnswerIssue } from '@hub/model/forms';

interface ErrorLike {
  message?: unknown;
  extensions?: { path?: unknown; issues?: unknown };
}

const PREFIX = 'submissionData.';

/**
 * The answer issues inside a refused save: a GraphQL error (GraphqlError in
 * client/graphql.ts) whose errors carry `extensions.issues` ({ path, message }) or a single
 * `extensions.path`, with paths 'submissionData.{questionId}' (server/src/core/errors.ts).
 * Paths are returned without the prefix (and a corrective action's '-action' suffix: its question's
 * id); anything else yields no issues.
 */
export function answerIssuesFromError(err: unknown): AnswerIssue[] {
  const errors = (err as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const out: AnswerIssue[] = [];
  const add = (path: unknown, message: unknown) => {
    if (typeof path === 'string' && path.startsWith(PREFIX) && typeof message === 'string' && message)
      // A corrective action's refusal ('{id}-action') shows under its question.
      out.push({ path: path.slice(PREFIX.length).replace(/-action$/, ''), message });
  };
  for (const e of errors as ErrorLike[]) {
    const issues = e?.extensions?.issues;
    if (Array.isArray(issues)) for (const i of issues as { path?: unknown; message?: unknown }[]) add(i?.path, i?.message);
    else add(e?.extensions?.path, e?.message);
  }
  return out;
}
