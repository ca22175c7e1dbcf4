import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Tables that are not entities of the data layer: stored files, user groups, sessions. */
const stamp = (name: string) => timestamp(name, { precision: 3, mode: 'string' });

export const files = pgTable(
  'file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    created: stamp('created').notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The entity and row the file belongs to: downloads follow that row's access. */
    ownerEntity: text('owner_entity'),
    ownerId: uuid('owner_id'),
    /**
     * The member organisation of the account (or API token) that uploaded it: its size counts
     * against that organisation's storage quota (files/quota.ts). Null: an administrator's
     * upload, a seeded file, or one stored before quotas.
     */
    organisationId: uuid('organisation_id'),
  },
  (t) => [index('file_organisation_idx').on(t.organisationId)],
);

export const userGroups = pgTable(
  'user_group',
  {
    userId: uuid('user_id').notNull(),
    groupName: text('group_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupName] })],
);

export const groups = pgTable('user_group_def', {
  name: text('name').primaryKey(),
  hasBackendAccess: boolean('has_backend_access').notNull().default(false),
});

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    userKind: text('user_kind').notNull(),
    created: stamp('created').notNull().defaultNow(),
    lastSeen: stamp('last_seen').notNull().defaultNow(),
    expires: stamp('expires').notNull(),
    /** "Remember me": the cookie outlives the browser session. */
    remember: boolean('remember').notNull().default(false),
    /** The identity provider's session, for single logout. */
    samlNameId: text('saml_name_id'),
    samlSessionIndex: text('saml_session_index'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/** Sign-in state of a user (account or administrator): confirmation, activation, lockout, two-factor. */
export const authState = pgTable('auth_state', {
  userId: uuid('user_id').primaryKey(),
  userKind: text('user_kind').notNull(),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  active: boolean('active').notNull().default(true),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: stamp('locked_until'),
  twoFactorMethod: text('two_factor_method'),
  totpSecret: text('totp_secret'),
  totpLastStep: integer('totp_last_step'),
});

/** Single-use tokens (password reset, email confirmation, email codes, remembered two-factor), stored hashed. */
export const authTokens = pgTable(
  'auth_token',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').notNull(),
    created: stamp('created').notNull().defaultNow(),
    expires: stamp('expires').notNull(),
    usedAt: stamp('used_at'),
    data: text('data'),
  },
  (t) => [index('auth_token_user_idx').on(t.userId, t.purpose)],
);

/** Failed sign-ins per address and per email, for throttling without revealing which accounts exist. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: stamp('window_start').notNull().defaultNow(),
});

/** Mail that was sent, or waits in the outbox when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    created: stamp('created').notNull().defaultNow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: stamp('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.created)],
);

/** Server-wide settings shared by every process, such as the signing secret. */
export const settings = pgTable('hub_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Assertions already accepted: each one signs a user in once. */
export const samlAssertions = pgTable('saml_assertion', {
  id: text('id').primaryKey(),
  expires: stamp('expires').notNull(),
});

/** Member site page views (POST /api/site/page-view): who opened which page of an allow-list, and when. */
export const pageViews = pgTable(
  'page_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    page: text('page').notNull(),
    created: stamp('created').notNull().defaultNow(),
  },
  (t) => [index('page_view_user_idx').on(t.userId, t.created)],
);

/**
 * One attempt of a scheduled job (jobs/runner.ts). A run is claimed by inserting its row: the
 * unique (job, slot, attempt) key lets exactly one server win a schedule slot, and a retry is
 * the next attempt's row. `heartbeat` moves while the attempt runs; a running row whose
 * heartbeat stopped belongs to a server that died, and is failed and retried by another.
 */
export const jobRuns = pgTable(
  'job_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    /** The schedule slot this run stands for (a manual or start-up run: the minute it was asked for). */
    slot: stamp('slot').notNull(),
    attempt: integer('attempt').notNull(),
    /** 'schedule', 'startup' or 'manual'. */
    trigger: text('trigger').notNull(),
    /** Who asked for a manual run (an administrator's email). */
    requestedBy: text('requested_by'),
    serverId: text('server_id').notNull(),
    started: stamp('started').notNull(),
    heartbeat: stamp('heartbeat').notNull(),
    finished: stamp('finished'),
    /** 'running', 'succeeded' or 'failed'. */
    status: text('status').notNull(),
    error: text('error'),
    summary: text('summary'),
    counts: jsonb('counts'),
    /** A failed attempt with attempts left: when the next one may start. */
    retryAt: stamp('retry_at'),
  },
  (t) => [uniqueIndex('job_run_slot_attempt_unique').on(t.job, t.slot, t.attempt), index('job_run_job_started_idx').on(t.job, t.started)],
);
