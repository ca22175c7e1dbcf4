import { GraphQLError } from 'graphql';
import { messages, type ValidationIssue } from '@hub/model';

/** A problem the caller caused: shown to them, never logged as a server fault. */
export class UserError extends GraphQLError {
  readonly status: number;
  constructor(message: string, code: string, status = 400, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
    this.status = status;
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

export class BadInputError extends UserError {
  constructor(message: string) {
    super(message, 'BAD_USER_INPUT', 400);
  }
}
