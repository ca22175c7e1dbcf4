import { createPrivateKey, X509Certificate } from 'node:crypto';
import { resolve } from 'node:path';
import { EXTERNAL_PAGES, type ExternalPage } from '@hub/model/site';

/** Every setting of the hub, read from the environment once (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** Seed the demo data into an empty database (always on for a new embedded database). */
  seedDemo: boolean;
  logLevel: string;
  /** Built SPA to serve. */
  webDist: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Largest JSON body accepted by the API, in bytes. */
  bodyLimit: number;
  /** STORAGE_QUOTA_MB and UPLOAD_RATE_MB_PER_HOUR: a member organisation's stored files, an account's uploads in an hour (files/limits.ts). */
  uploads: { storageQuotaMb: number; uploadRateMbPerHour: number };
  /** STATEMENT_TIMEOUT_SECONDS: how long one PostgreSQL statement may run, in ms (0: no limit; the embedded engine cannot stop one). */
  statementTimeoutMs: number;
  /** nodemailer SMTP URL; without it mail only lands in the outbox table. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Signs cookies and anti-forgery tokens; made and kept in the database when unset. */
  secretKey: string | null;
  /** The address people reach the hub at (links in mail, the SAML assertion consumer). */
  publicUrl: string;
  /**
   * Fastify's trustProxy: whether X-Forwarded-For/-Proto/-Host are believed. Off by
   * default, so a client cannot choose its own address (sign-in throttling) or protocol.
   * TRUST_PROXY: true, a hop count, or a comma list of proxy addresses / CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Single sign-on; null when SAML_ENTRY_POINT or SAML_IDP_CERT is unset. */
  saml: SamlConfig | null;
  /** The member site's frame (GET /api/site) and contact settings. */
  site: SiteSettings;
  /** Where the membership sync reads organisations and accounts (docs/membership-feed.md). */
  membershipFeed: MembershipFeedSettings;
  /** Shared file storage in an S3-compatible bucket (S3_BUCKET set); null keeps files on local disk under DATA_DIR/files. */
  s3: S3Settings | null;
  /** Scheduled work (jobs/runner.ts). */
  jobs: JobSettings;
  /** The reminder job (docs/reminders.md). */
  reminders: ReminderSettings;
}

/** S3_*: where files live when several servers share them (docs/operations.md). */
export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible service's address (MinIO, Ceph, R2, ...); null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, set together; null uses the AWS SDK's own chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: bucket in the path (`endpoint/bucket/key`) rather than the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((n) =>
    env[n]?.trim(),
  );
  if (!bucket) {
    if (others.length) throw new Error(`${others.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep files in S3, or unset them`);
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got '${bucket}'`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (pathStyle && !['1', 'true', '0', 'false'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got '${pathStyle}'`);
  const endpoint = env.S3_ENDPOINT?.trim();
  return {
    bucket,
    endpoint: endpoint ? httpUrl('S3_ENDPOINT', endpoint).replace(/\/$/, '') : null,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
}

/** MEMBERSHIP_FEED_*: the membership system's JSON feed; neither URL nor file set means the sync job is off. */
export interface MembershipFeedSettings {
  /** MEMBERSHIP_FEED_URL: an absolute http(s) address answering the feed. */
  url: string | null;
  /** MEMBERSHIP_FEED_FILE: a path to the feed on this machine (resolved against the working directory). */
  file: string | null;
  /** MEMBERSHIP_FEED_TOKEN: sent as `Authorization: Bearer <token>` with the URL's request. */
  token: string | null;
  /** MEMBERSHIP_FEED_TIMEOUT_SECONDS: how long the whole download may take. */
  timeoutMs: number;
  /** MEMBERSHIP_FEED_MAX_MB: a larger feed is refused unread. */
  maxBytes: number;
}

/** How long one PostgreSQL statement may run unless STATEMENT_TIMEOUT_SECONDS says otherwise (issue 26). */
export const DEFAULT_STATEMENT_TIMEOUT_SECONDS = 15;

export const DEFAULT_FEED_TIMEOUT_SECONDS = 60;
export const DEFAULT_FEED_MAX_MB = 50;

function membershipFeed(env: NodeJS.ProcessEnv, root: string, int: (name: string, fallback: number) => number): MembershipFeedSettings {
  const url = env.MEMBERSHIP_FEED_URL?.trim() || null;
  const file = env.MEMBERSHIP_FEED_FILE?.trim() || null;
  if (url && file) throw new Error('Set MEMBERSHIP_FEED_URL or MEMBERSHIP_FEED_FILE, not both');
  const timeout = int('MEMBERSHIP_FEED_TIMEOUT_SECONDS', DEFAULT_FEED_TIMEOUT_SECONDS);
  const maxMb = int('MEMBERSHIP_FEED_MAX_MB', DEFAULT_FEED_MAX_MB);
  if (timeout < 1) throw new Error('MEMBERSHIP_FEED_TIMEOUT_SECONDS must be at least 1');
  if (maxMb < 1) throw new Error('MEMBERSHIP_FEED_MAX_MB must be at least 1');
  return {
    url: url ? httpUrl('MEMBERSHIP_FEED_URL', url) : null,
    file: file ? resolve(root, file) : null,
    token: env.MEMBERSHIP_FEED_TOKEN?.trim() || null,
    timeoutMs: timeout * 1000,
    maxBytes: maxMb * 1024 * 1024,
  };
}

export interface JobSettings {
  /** JOBS_ENABLED: whether this server runs schedules and start-up runs (an administrator's "Run now" works either way). */
  enabled: boolean;
}

export interface ReminderSettings {
  /** REMINDERS_CRON: when the reminder job runs (croner pattern, UTC). */
  cron: string;
  /** REMINDER_TIME_ZONE: the zone whose calendar day a run stands for (due dates are calendar days). */
  timeZone: string;
  /** REMINDER_ONE_DAYS: Reminder One, this many days before the due date. */
  reminderOneDays: number;
  /** REMINDER_TWO_DAYS: Reminder Two, this many days before the due date (fewer than Reminder One's). */
  reminderTwoDays: number;
  /** REMINDER_LATE_DAYS: how many days after the due date a missed Due Date reminder still goes out. */
  lateDays: number;
}

export const DEFAULT_REMINDERS_CRON = '0 19 * * *';
export const DEFAULT_REMINDER_TIME_ZONE = 'Australia/Sydney';

/** A time zone name the runtime knows (IANA, e.g. Australia/Sydney, UTC), or a start-up error naming the setting. */
function timeZone(name: string, value: string): string {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
  } catch {
    throw new Error(`${name} must be a time zone name such as Australia/Sydney or UTC, got '${value}'`);
  }
  return value;
}

/** The association's site and the member site's contact settings (docs/operations.md). */
export interface SiteSettings {
  /** ASSOCIATION_SITE_URL: the association's site, an absolute http(s) address. */
  associationUrl: string;
  /** Each association page: ASSOCIATION_SITE_URL + its default path, or its ASSOCIATION_LINK_<PAGE> setting. */
  links: Record<ExternalPage, string>;
  /** SUPPORT_PHONE: the support line shown with 'no results' and on Contact Us. */
  supportPhone: string | null;
  /** SUPPORT_EMAIL: where help and feedback messages are mailed (else they are only saved). */
  supportEmail: string | null;
  /** HUB_TEST_MODE: the Recent Activity modal is not shown. */
  testMode: boolean;
}

export const DEFAULT_ASSOCIATION_SITE_URL = 'https://www.masterelectricians.com.au';

/** The path of each association page on ASSOCIATION_SITE_URL, unless its own setting names another address. */
export const ASSOCIATION_PAGE_PATHS: Record<ExternalPage, string> = {
  technical: '/technical',
  hr: '/hr-ir',
  legal: '/legal',
  savings: '/member-savings',
  masterProgram: '/master-electricians-program',
  advantageProgram: '/advantage-program',
  profile: '/my-profile',
  events: '/events',
  newsletters: '/newsletters',
  safetyResources: '/safety',
  memberBenefits: '/member-benefits',
  industryUpdates: '/industry-updates',
  businessGrowth: '/business-growth',
};

/** The setting that overrides one association page: ASSOCIATION_LINK_ plus its name in capitals (masterProgram: ASSOCIATION_LINK_MASTER_PROGRAM). */
export const associationLinkSetting = (page: ExternalPage) => `ASSOCIATION_LINK_${page.replace(/([A-Z])/g, '_$1').toUpperCase()}`;

/** An absolute http(s) address without user or password, or a start-up error naming the setting. */
function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, got '${value}'`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    throw new Error(`${name} must be an absolute http(s) address, got '${value}'`);
  return url.href;
}

function siteSettings(env: NodeJS.ProcessEnv): SiteSettings {
  const base = httpUrl('ASSOCIATION_SITE_URL', (env.ASSOCIATION_SITE_URL || DEFAULT_ASSOCIATION_SITE_URL).trim()).replace(/\/$/, '');
  const links = {} as Record<ExternalPage, string>;
  for (const page of EXTERNAL_PAGES) {
    const setting = associationLinkSetting(page);
    const given = env[setting]?.trim();
    links[page] = given ? httpUrl(setting, given) : `${base}${ASSOCIATION_PAGE_PATHS[page]}`;
  }
  const supportPhone = env.SUPPORT_PHONE?.trim() || null;
  if (supportPhone && !/^\+?[0-9 ()-]{3,30}$/.test(supportPhone))
    throw new Error(`SUPPORT_PHONE must be a phone number (digits, spaces, + ( ) -), got '${supportPhone}'`);
  const supportEmail = env.SUPPORT_EMAIL?.trim() || null;
  if (supportEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail))
    throw new Error(`SUPPORT_EMAIL must be an email address, got '${supportEmail}'`);
  const testMode = (env.HUB_TEST_MODE ?? '').trim();
  return { associationUrl: base, links, supportPhone, supportEmail, testMode: testMode === '1' || testMode === 'true' };
}

/** Allowed difference between the identity provider's clock and ours, unless SAML_CLOCK_SKEW_SECONDS says otherwise. */
export const DEFAULT_SAML_CLOCK_SKEW_SECONDS = 60;

export interface SamlConfig {
  entryPoint: string;
  logoutUrl: string | null;
  idpCert: string;
  /** This hub's entity id, and the audience its assertions must name. */
  issuer: string;
  /** `$PUBLIC_URL/Saml/AssertionConsumerService`: what a response's Destination and Recipient must name. */
  callbackUrl: string;
  /** The hub's own key and certificate (PEM): sign its requests and logout messages, published in the metadata. */
  spKey?: string | null;
  spCert?: string | null;
  /** SAML_CLOCK_SKEW_SECONDS; DEFAULT_SAML_CLOCK_SKEW_SECONDS when absent. */
  clockSkewSeconds?: number;
}

/** A PEM setting: as given, or on one line with `\n` for the line breaks (as env files often hold it). */
const pem = (v: string | undefined) => (v ? v.replace(/\\n/g, '\n').trim() : null);

/** SAML_SP_KEY and SAML_SP_CERT: both or neither, readable, and the key the certificate's. */
function spKeyPair(env: NodeJS.ProcessEnv): { spKey: string | null; spCert: string | null } {
  const spKey = pem(env.SAML_SP_KEY);
  const spCert = pem(env.SAML_SP_CERT);
  if (!spKey && !spCert) return { spKey: null, spCert: null };
  if (!spKey || !spCert) throw new Error('SAML_SP_KEY and SAML_SP_CERT must be set together (the private key and its certificate, PEM)');
  let key, cert;
  try {
    key = createPrivateKey(spKey);
  } catch {
    throw new Error('SAML_SP_KEY must be a private key in PEM form (-----BEGIN PRIVATE KEY-----)');
  }
  try {
    cert = new X509Certificate(spCert);
  } catch {
    throw new Error('SAML_SP_CERT must be a certificate in PEM form (-----BEGIN CERTIFICATE-----)');
  }
  if (!cert.checkPrivateKey(key)) throw new Error("SAML_SP_KEY is not the private key of SAML_SP_CERT's certificate");
  return { spKey, spCert };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const int = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got '${v}'`);
    return n;
  };
  const dataDir = resolve(root, env.DATA_DIR || 'data');
  const trustProxy = (): Config['trustProxy'] => {
    const v = (env.TRUST_PROXY ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (!list.length || list.some((a) => !/^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(a)))
      throw new Error(`TRUST_PROXY must be true, false, a hop count or a comma list of addresses, got '${v}'`);
    return list;
  };
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '');
  return {
    port: int('PORT', 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    webDist: resolve(root, env.WEB_DIST || 'web/dist'),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 60),
    sessionAbsoluteHours: int('SESSION_ABSOLUTE_HOURS', 12),
    bodyLimit: int('BODY_LIMIT_BYTES', 1_000_000),
    uploads: { storageQuotaMb: int('STORAGE_QUOTA_MB', 5000), uploadRateMbPerHour: int('UPLOAD_RATE_MB_PER_HOUR', 200) },
    statementTimeoutMs: int('STATEMENT_TIMEOUT_SECONDS', DEFAULT_STATEMENT_TIMEOUT_SECONDS) * 1000,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Safety Hub <no-reply@safety-hub.local>',
    secretKey: env.SECRET_KEY || null,
    publicUrl,
    trustProxy: trustProxy(),
    saml:
      env.SAML_ENTRY_POINT && env.SAML_IDP_CERT
        ? {
            entryPoint: env.SAML_ENTRY_POINT,
            logoutUrl: env.SAML_LOGOUT_URL || null,
            idpCert: env.SAML_IDP_CERT,
            issuer: env.SAML_ISSUER || `${publicUrl}/Saml/metadata`,
            callbackUrl: `${publicUrl}/Saml/AssertionConsumerService`,
            ...spKeyPair(env),
            clockSkewSeconds: int('SAML_CLOCK_SKEW_SECONDS', DEFAULT_SAML_CLOCK_SKEW_SECONDS),
          }
        : null,
    site: siteSettings(env),
    membershipFeed: membershipFeed(env, root, int),
    s3: s3Settings(env),
    jobs: { enabled: flag('JOBS_ENABLED', true) },
    reminders: reminderSettings(),
  };

  function flag(name: string, fallback: boolean): boolean {
    const v = (env[name] ?? '').trim().toLowerCase();
    if (v === '') return fallback;
    if (v === 'true' || v === '1' || v === 'on') return true;
    if (v === 'false' || v === '0' || v === 'off') return false;
    throw new Error(`${name} must be true or false, got '${env[name]}'`);
  }

  function reminderSettings(): ReminderSettings {
    const reminderOneDays = int('REMINDER_ONE_DAYS', 30);
    const reminderTwoDays = int('REMINDER_TWO_DAYS', 7);
    if (reminderTwoDays < 1 || reminderOneDays <= reminderTwoDays)
      throw new Error(
        `REMINDER_ONE_DAYS must be more than REMINDER_TWO_DAYS, and REMINDER_TWO_DAYS at least 1 (got ${reminderOneDays} and ${reminderTwoDays})`,
      );
    return {
      cron: (env.REMINDERS_CRON || DEFAULT_REMINDERS_CRON).trim(),
      timeZone: timeZone('REMINDER_TIME_ZONE', (env.REMINDER_TIME_ZONE || DEFAULT_REMINDER_TIME_ZONE).trim()),
      reminderOneDays,
      reminderTwoDays,
      lateDays: int('REMINDER_LATE_DAYS', 7),
    };
  }
}
