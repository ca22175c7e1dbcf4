import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** What each REST route does, for the OpenAPI description at /api/swagger. */
const docs: Record<string, { tags: string[]; summary: string; description?: string }> = {
  'GET /api/health': { tags: ['System'], summary: 'Liveness and database check' },
  'POST /api/authorization/login': {
    tags: ['Authorization'],
    summary: 'Sign in with email and password',
    description: 'Body {username, password, rememberMe?}. Answers {type: "signed-in", user} or {type: "two-factor-required", method}.',
  },
  'POST /api/authorization/validate-2fa': {
    tags: ['Authorization'],
    summary: 'Complete a sign-in with the second factor',
    description: 'Body {token, method, rememberMe?, rememberTwoFactor?}.',
  },
  'GET /api/authorization/logout': {
    tags: ['Authorization'],
    summary: 'Sign out and redirect',
    description: 'Query redirect (a path of this site, default /), clean=true.',
  },
  'GET /api/account/me': { tags: ['Account'], summary: 'The signed-in user; 401 when signed out' },
  'POST /api/account/reset-password-request': {
    tags: ['Account'],
    summary: 'Email a password reset link',
    description: 'Body {username}. Answers the same whether or not the account exists.',
  },
  'POST /api/account/reset-password': {
    tags: ['Account'],
    summary: 'Set a new password with the emailed token',
    description: 'Body {token, username, password}.',
  },
  'GET /api/account/valid-2fa': { tags: ['Two-factor'], summary: 'Two-factor methods offered to a user', description: 'Query userName.' },
  'POST /api/account/configure-2fa': {
    tags: ['Two-factor'],
    summary: 'Set up two-factor authentication',
    description:
      'Body {method, userName, token?}. Without token: starts (authenticator: key and QR code; email: a code is sent). With token: confirms and switches it on. Administrators switch it on for others directly.',
  },
  'POST /api/account/disable-2fa': {
    tags: ['Two-factor'],
    summary: 'Switch two-factor off',
    description: 'Body {userName}: oneself, or anyone for administrators.',
  },
  'GET /api/account/has-keys': { tags: ['API tokens'], summary: "The organisation's API tokens (id, name, createdAt)" },
  'POST /api/account/generate-key': {
    tags: ['API tokens'],
    summary: 'Create an API token; the key is returned this once only',
    description: 'Body {name?}.',
  },
  'POST /api/account/revoke-key': { tags: ['API tokens'], summary: 'Revoke an API token for good', description: 'Body {id}.' },
  'POST /api/account/users': {
    tags: ['Users'],
    summary: 'Users with their sign-in state (administrators)',
    description:
      'Body {PaginationOptions {PageNo, PageSize}, SearchConditions [{path, comparison, value}], SortConditions [{path, descending}]}; answers {users, countUsers}.',
  },
  'POST /api/account/activate': { tags: ['Users'], summary: 'Activate a user (administrators)', description: 'Body {Username}.' },
  'POST /api/account/deactivate': {
    tags: ['Users'],
    summary: 'Deactivate a user and end their sessions (administrators)',
    description: 'Body {Username}.',
  },
  'POST /api/account/send-submission-notification-email': {
    tags: ['Account'],
    summary: 'Email a colleague about a form submission',
    description: 'Body {userName, submissionId}.',
  },
  'GET /api/register': { tags: ['Registration'], summary: 'The user types one may register as' },
  'POST /api/register/:entity': {
    tags: ['Registration'],
    summary: 'Register (kebab-case entity name, e.g. mehub-account-entity)',
    description: 'Body {email, password, confirmPassword, firstname?, surname?, mobileNumber?}. A confirmation link is emailed.',
  },
  'POST /api/register/confirm-email': { tags: ['Registration'], summary: 'Confirm an email address', description: 'Body {token, email}.' },
  'GET /api/mail/outbox': {
    tags: ['System'],
    summary: 'Newest mail written by the hub (administrators)',
    description: 'Query to? filters by recipient.',
  },
  'GET /api/version': {
    tags: ['System'],
    summary: "The server's version and address (signed-in users)",
    description: 'Answers {version, ip}: ip is the first non-internal IPv4 address, else 127.0.0.1.',
  },
  'GET /api/jobs': {
    tags: ['System'],
    summary: 'Scheduled jobs with their schedule, last and next run, recent runs and failures (administrators)',
    description:
      'Answers {scheduled (whether this server runs schedules), serverId, jobs: [{name, title, description, cron, schedule, runAtStartup, maxAttempts, disabledReason, nextRun, lastRun, lastFinished, running, recentRuns, recentFailures}]}; moments in ISO 8601 UTC. See docs/jobs.md.',
  },
  'POST /api/jobs/:name/run': {
    tags: ['System'],
    summary: 'Run a job now (administrators)',
    description:
      'Answers 202 with the attempt it started {id, job, slot, attempt, trigger, status}; 409 while the job runs; 404 for an unknown job.',
  },
  'POST /api/graphql': {
    tags: ['GraphQL'],
    summary: 'The generic entity API (JSON or GraphQL multipart request)',
    description: 'See docs/api.md for the conventions.',
  },
  'GET /api/entity/:entity/export': {
    tags: ['Entities'],
    summary: 'CSV of the records the caller may read',
    description: 'Query stringConditions: a JSON list of condition groups.',
  },
  'GET /api/files/:id': { tags: ['Files'], summary: 'A stored file (download=true to download)' },
  'GET /api/files/metadata/:id': { tags: ['Files'], summary: "A stored file's name, type and size" },
  'GET /api/entity/FormSubmissionsEntity/hasDraft/:formId': {
    tags: ['Forms'],
    summary: 'Whether the signed-in user has a draft of the form (true or false)',
  },
  'GET /api/entity/FormSubmissionsEntity/fetchDraft/:formId': {
    tags: ['Forms'],
    summary: "The signed-in user's draft of the form, or null",
    description:
      'Answers {id, created, modified, submissionData (JSON text), formVersionId, formVersion {id, version, formId, formData}} or null.',
  },
  'DELETE /api/entity/FormSubmissionsEntity/deleteDraft/:formId': {
    tags: ['Forms'],
    summary: "Discard the signed-in user's draft of the form",
    description: 'Answers {message, deleted}.',
  },
  'GET /api/entity/FormsEntity/form_type/:formType': {
    tags: ['Forms'],
    summary: 'Active, published forms of a type the caller may fill in, by name',
    description: 'formType is a FormType key (RISK_ASSESSMENT, INCIDENT, ...). Answers [{id, name, hasDraft}]; an unknown type is a 400.',
  },
  'POST /api/entity/FormsEntity/discardDraft/:id': {
    tags: ['Forms'],
    summary: "Discard a form's draft versions (administrators)",
    description:
      'Deletes the versions newer than the published one (all of them when none is published), never a version with submissions. Answers {publishedVersionId, status, versions: [{id, version, created, modified, active, status, inUse}]}; 404 for an unknown form.',
  },
  'POST /api/entity/FormsEntity/promoteActiveVersion/:id': {
    tags: ['Forms'],
    summary: 'Make an older active version the published version (administrators)',
    description:
      'Body: the version id as a JSON string ("3f0c…"), or {versionId}. Only an active version that is neither published nor the latest draft (409 otherwise); 404 when it is not a version of the form. Answers like discardDraft.',
  },
  'PUT /api/entity/FormReviewRequestEntity': {
    tags: ['Forms'],
    summary: "Set a review's notification flag",
    description: "Body {id, showNotification}. Reviewers and administrators may set it; the submission's owner may clear it (false).",
  },
  'POST /api/entity/FormSubmissionsEntity/pdf': {
    tags: ['Forms'],
    summary: 'A submission as PDF (Form Submission.pdf)',
    description:
      'Body {SubmissionId, TimeZoneId (IANA, default UTC)}. Same access as reading the submission: 404 otherwise; an unknown time zone is a 400.',
  },
  'POST /api/entity/FormSubmissionsEntity/pdf-zip': {
    tags: ['Forms'],
    summary: 'Completed submissions as PDFs in one zip (at most 500)',
    description:
      'Body {ids?, conditions? (the export route\'s condition groups, as JSON text or a list), excludedIds?, TimeZoneId}. One PDF per readable completed submission, named "{form name} {DD-MM-YYYY} {short id}.pdf".',
  },
  'GET /api/entity/:entity/action-types': {
    tags: ['Timelines'],
    summary: 'The action types of timeline events: ["Created", "Updated", "Deleted"]',
    description: 'entity: MehubAccountEntity (the timeline entity) or MehubAccountTimelineEventsEntity; any other is a 404.',
  },
  'POST /api/entity/:entity/quick-jump-options': {
    tags: ['Timelines'],
    summary: 'The months or weeks that hold timeline events, latest first',
    description:
      'Body {timeFrame: "Months" | "Weeks", conditions (condition groups on the events, as the GraphQL lists take them), timeZoneId (IANA, default UTC)}. Answers [{startDate}] in UTC (\'YYYY-MM-DD HH:mm:ss\'), only periods with events the caller may read.',
  },
  'POST /api/entity/:entity/timeline-graph-data': {
    tags: ['Timelines'],
    summary: "The timeline graph's groups for a date range",
    description:
      'Body {conditions, dateRange: {startDate, endDate} in UTC}. The range (at most ten years) is cut into 30 equal slots; answers each non-empty one as {dateTimeGroup: {startDate, endDate}, numberOfResults, firstResult (its latest event), showInformation (true: shown as an item with a card; false: a group that zooms in)}.',
  },
};

/** OpenAPI at /api/swagger (UI) and /api/swagger/json, described from the table above. */
export async function openApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Safety Hub API',
        version: '1',
        description: 'REST calls of the safety hub. Send the XSRF-TOKEN cookie back in X-XSRF-TOKEN on every POST, PUT and DELETE.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hub_session' }, token: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const doc = docs[`${method} ${route.url}`];
      if (doc) route.schema = { ...route.schema, ...doc };
      else if (method !== 'HEAD' && !route.url.startsWith('/api/')) route.schema = { ...route.schema, hide: true };
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/swagger', uiConfig: { docExpansion: 'list' } });
}
