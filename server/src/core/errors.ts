import { messages, type ValidationIssue } from '@hub/model';

/**
 * A problem the caller caused: shown to them, never logged as a server fault. Transport-neutral:
 * the REST error handler (app.ts) answers `status` with `{errors:[{message, ...extensions}]}`;
 * in a GraphQL resolver, graphql-js wraps it and keeps `extensions` (code, path, ...).
 */
export class UserError extends Error {
  readonly status: number;
  readonly extensions: Record<string, unknown>;
  constructor(message: string, code: string, status = 400, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'UserError';
    this.status = status;
    this.extensions = { code, ...extra };
  }
}

export class ValidationError extends UserError {
  constructor(
    readonly issues: ValidationIssue[],
    prefix?: string,
  ) {
    const first = issues[0];
    super(prefix ? `${prefix}: ${issues.map((i) => i.message).join(', ')}` : first.message, 'VALIDATION', 400, {
      path: first.path,
      validation: first.code,
      issues,
    });
  }
}

/** 401: nobody is signed in (or the token is not valid). */
export class UnauthenticatedError extends UserError {
  constructor(message: string) {
    super(message, 'UNAUTHENTICATED', 401);
  }
}

export class ForbiddenError extends UserError {
  constructor(message: string = messages.accessDenied) {
    super(message, 'FORBIDDEN', 403);
  }
}

export class NotFoundError extends UserError {
  constructor(message: string = messages.notFound) {
    super(message, 'NOT_FOUND', 404);
  }
}

/** 409: the request is fine but the record is already in the state it asks for. */
export class ConflictError extends UserError {
  constructor(message: string) {
    super(message, 'CONFLICT', 409);
  }
}

export class BadInputError extends UserError {
  constructor(message: string) {
    super(message, 'BAD_USER_INPUT', 400);
  }
}
