import { GROUPS, MAX_TAKE, getEntity, toWireDate, type EntityName } from '@hub/model';
import type { MembershipFeedSettings } from '../config';
import { ValidationError } from '../core/errors';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { listRecords } from '../crud/list';
import { saveRecords } from '../crud/save';
import { SYSTEM_CALLER, systemUpdateMany } from '../crud/system';
import type { Where } from '../crud/conditions';
import { clearPassword, confirmedUserIds } from '../crud/users';
import { endUserSessions } from '../auth/session';
import { issueToken, revokeTokens } from '../auth/tokens';
import { FeedError, checkFeed, feedSource, readFeed, type Feed, type FeedAccount } from './membership-feed';
import type { JobContext, JobDefinition } from './types';

/**
 * The membership sync (architecture.md 'Membership sync'; docs/membership-feed.md): reads
 * the membership system's feed, checks all of it, then in one transaction creates or
 * updates organisations by memberCode and accounts by memnetID through crud's saves (the
 * model's checks and the entities' save hooks hold, as SYSTEM_CALLER) and stamps
 * Lastsyncdate on every account the feed names. Accounts the feed no longer names keep
 * their old stamp and so count as inactive from the next day. Any problem, in the feed or
 * in one entry, fails the run and changes nothing.
 */

const ORG: EntityName = 'MemberOrganisationEntity';
const ACCOUNT: EntityName = 'MehubAccountEntity';

/** The account fields the feed carries besides memnetID, email, organisation and role (same names as the entity's). */
const ACCOUNT_FIELDS = [
  'firstname',
  'surname',
  'mobileNumber',
  'streetAddress1',
  'streetAddress2',
  'streetAddress3',
  'postcode',
  'city',
  'state',
  'country',
  'startDate',
  'endDate',
  'isDuplicate',
] as const satisfies readonly (keyof FeedAccount)[];

export interface SyncCounts {
  organisationsCreated: number;
  organisationsUpdated: number;
  accountsCreated: number;
  accountsUpdated: number;
  /** Accounts found by their email (no memnetID yet, e.g. registered on the hub) that the feed's memnetID now names. */
  accountsAdopted: number;
  /** Accounts stamped with this run's Lastsyncdate: every account of the feed. */
  accountsStamped: number;
  /** Accounts whose feed email differs from the hub's: email is immutable after creation, so the hub's is kept. */
  emailsKept: number;
  /**
   * Adopted accounts whose address was never confirmed: registered on the hub by someone who
   * may not own the address, so the password chosen then is removed and the address's owner is
   * mailed a link to choose one.
   */
  passwordsCleared: number;
}

/** An adopted account whose registration password was removed, and the set-password token mailed to it after the commit. */
export interface ClearedPassword {
  email: string;
  token: string;
}

/** How long the set-password link of an adopted account works: three days, like a registration's confirmation link. */
const SET_PASSWORD_MINUTES = 60 * 24 * 3;

interface StoredOrg {
  id: string;
  memberCode: string;
  name: string;
  isActive: boolean;
}

type StoredAccount = {
  id: string;
  memnetID: string | null;
  email: string;
  memberOrganisationId: string | null;
  roleId: string | null;
} & Record<(typeof ACCOUNT_FIELDS)[number], unknown>;

const ACCOUNT_SELECTION = Object.fromEntries(
  ['id', 'memnetID', 'email', 'memberOrganisationId', 'roleId', ...ACCOUNT_FIELDS].map((k) => [k, true]),
) as Record<string, true>;

/** Rows of `entity` whose `path` is one of `values` (in MAX_TAKE batches), every row (SYSTEM_CALLER). */
async function rowsWhereIn<T>(
  db: Db,
  entity: EntityName,
  path: string,
  values: readonly string[],
  selection: Record<string, true>,
  ignoreCase = false,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += MAX_TAKE) {
    const where: Where = { path, comparison: 'in', value: values.slice(i, i + MAX_TAKE), ...(ignoreCase ? { case: 'IGNORE_CASE' } : {}) };
    // A value may match more than one row (memnetID is not unique in the model): read until a page is short.
    for (let skip = 0; ; skip += MAX_TAKE) {
      const page = (await listRecords(db, SYSTEM_CALLER, getEntity(entity), { where: [where], skip, take: MAX_TAKE }, selection)) as T[];
      out.push(...page);
      if (page.length < MAX_TAKE) break;
    }
  }
  return out;
}

/** Every row of a small entity (roles). */
async function allRows<T>(db: Db, entity: EntityName, selection: Record<string, true>): Promise<T[]> {
  const out: T[] = [];
  for (let skip = 0; ; skip += MAX_TAKE) {
    const page = (await listRecords(db, SYSTEM_CALLER, getEntity(entity), { skip, take: MAX_TAKE }, selection)) as T[];
    out.push(...page);
    if (page.length < MAX_TAKE) return out;
  }
}

const lower = (s: string) => s.toLowerCase();

/** Saves `inputs` in batches through crud; a refusal names the feed entry it came from. */
async function saveAll(
  db: Db,
  storage: FileStorage,
  entity: EntityName,
  inputs: { input: Record<string, unknown>; label: string }[],
  mode: 'create' | 'update',
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < inputs.length; i += MAX_TAKE) {
    const batch = inputs.slice(i, i + MAX_TAKE);
    try {
      ids.push(
        ...(await saveRecords(
          { db, storage },
          SYSTEM_CALLER,
          getEntity(entity),
          batch.map((b) => b.input),
          mode,
          null,
        )),
      );
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      // Paths of a batch save start with the input's index ('3.email') when the batch has more than one.
      const first = err.issues[0];
      const m = batch.length > 1 ? /^(\d+)\.(.*)$/.exec(first.path) : null;
      const which = batch[m ? Number(m[1]) : 0];
      const field = m ? m[2] : first.path;
      throw new FeedError(
        `The membership feed's ${which.label} could not be ${mode === 'create' ? 'created' : 'updated'}, nothing was changed: ${field}: ${first.message}`,
      );
    }
  }
  return ids;
}

/** The value the hub stores for a feed value (null for absent text, as the save writes it). */
const same = (stored: unknown, given: unknown) => (stored ?? null) === (given ?? null);

/**
 * Applies a checked feed in one transaction. Throws FeedError (nothing changed) for an entry
 * the hub cannot take: an unknown role, an organisation neither in the feed nor the hub, an
 * email that belongs to another account or an administrator, a memnetID two hub accounts share.
 */
export async function applyFeed(
  db: Db,
  storage: FileStorage,
  feed: Feed,
  now: Date,
  /** Receives the accounts whose registration password was removed, to mail after the commit. */
  cleared: ClearedPassword[] = [],
): Promise<SyncCounts> {
  return db.transaction(async (tx) => {
    // One sync at a time across servers (a run started by hand while the scheduled one runs
    // elsewhere): the second waits, then finds the first one's rows and changes only what is left.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('hub:membership-sync'))`);
    const counts: SyncCounts = {
      organisationsCreated: 0,
      organisationsUpdated: 0,
      accountsCreated: 0,
      accountsUpdated: 0,
      accountsAdopted: 0,
      accountsStamped: 0,
      emailsKept: 0,
      passwordsCleared: 0,
    };

    // Organisations by memberCode (compared without case, as the model's uniqueness does).
    const codes = feed.organisations.map((o) => o.memberCode);
    const accountCodes = [...new Set(feed.accounts.map((a) => a.organisation))];
    const stored = await rowsWhereIn<StoredOrg>(
      tx,
      ORG,
      'memberCode',
      [...new Set([...codes, ...accountCodes])],
      { id: true, memberCode: true, name: true, isActive: true },
      true,
    );
    const orgByCode = new Map(stored.map((o) => [lower(o.memberCode), o]));
    const creates: { input: Record<string, unknown>; label: string; code: string }[] = [];
    const updates: { input: Record<string, unknown>; label: string }[] = [];
    feed.organisations.forEach((o, i) => {
      const label = `organisations[${i}] (memberCode ${o.memberCode})`;
      const have = orgByCode.get(lower(o.memberCode));
      if (!have) creates.push({ input: { memberCode: o.memberCode, name: o.name, isActive: o.isActive }, label, code: o.memberCode });
      else if (have.name !== o.name || have.isActive !== o.isActive)
        updates.push({ input: { id: have.id, name: o.name, isActive: o.isActive }, label });
    });
    const createdOrgIds = await saveAll(tx, storage, ORG, creates, 'create');
    creates.forEach((c, i) => orgByCode.set(lower(c.code), { id: createdOrgIds[i], memberCode: c.code, name: '', isActive: false }));
    await saveAll(tx, storage, ORG, updates, 'update');
    counts.organisationsCreated = creates.length;
    counts.organisationsUpdated = updates.length;

    // Roles by name.
    const roles = await allRows<{ id: string; name: string }>(tx, 'RoleEntity', { id: true, name: true });
    const roleByName = new Map(roles.map((r) => [lower(r.name), r.id]));

    // Accounts by memnetID, then (for those the hub does not know by memnetID) by email.
    const byMemnet = new Map<string, StoredAccount[]>();
    for (const a of await rowsWhereIn<StoredAccount>(
      tx,
      ACCOUNT,
      'memnetID',
      feed.accounts.map((a) => a.memnetID),
      ACCOUNT_SELECTION,
    ))
      byMemnet.set(a.memnetID!, [...(byMemnet.get(a.memnetID!) ?? []), a]);
    const unknown = feed.accounts.filter((a) => !byMemnet.has(a.memnetID));
    const byEmail = new Map(
      (
        await rowsWhereIn<StoredAccount>(
          tx,
          ACCOUNT,
          'email',
          unknown.map((a) => a.email),
          ACCOUNT_SELECTION,
          true,
        )
      ).map((a) => [lower(a.email), a]),
    );
    const confirmed = await confirmedUserIds(
      tx,
      [...byEmail.values()].map((a) => a.id),
    );
    const adminEmails = new Set(
      (
        await rowsWhereIn<{ email: string }>(
          tx,
          'MehubAdminEntity',
          'email',
          unknown.map((a) => a.email),
          { email: true },
          true,
        )
      ).map((a) => lower(a.email)),
    );

    const accountCreates: { input: Record<string, unknown>; label: string }[] = [];
    const accountUpdates: { input: Record<string, unknown>; label: string }[] = [];
    const stampIds: string[] = [];
    const unconfirmedAdoptions: StoredAccount[] = [];
    feed.accounts.forEach((a, i) => {
      const label = `accounts[${i}] (memnetID ${a.memnetID})`;
      const refuse = (why: string): never => {
        throw new FeedError(`The membership feed's ${label} cannot be synchronised, nothing was changed: ${why}`);
      };
      const org = orgByCode.get(lower(a.organisation)) ?? refuse(`organisation ${a.organisation} is neither in the feed nor in the hub`);
      let roleId: string | null | undefined;
      if (a.role === null) roleId = null;
      else if (a.role !== undefined)
        roleId =
          roleByName.get(lower(a.role)) ?? refuse(`role ${a.role} is not a role of the hub (${roles.map((r) => r.name).join(', ')})`);
      const values: Record<string, unknown> = { memberOrganisationId: org.id };
      if (roleId !== undefined) values.roleId = roleId;
      for (const f of ACCOUNT_FIELDS) if (a[f] !== undefined) values[f] = a[f];

      const matches = byMemnet.get(a.memnetID) ?? [];
      if (matches.length > 1)
        refuse(
          `memnetID ${a.memnetID} is held by ${matches.length} accounts of the hub (${matches.map((m) => m.email).join(', ')}); give all but one another memnetID`,
        );
      let have: StoredAccount | undefined = matches[0];
      if (!have) {
        if (adminEmails.has(a.email)) refuse(`email ${a.email} belongs to an administrator of the hub`);
        const owner = byEmail.get(a.email);
        if (owner?.memnetID) refuse(`email ${a.email} belongs to the hub's account of memnetID ${owner.memnetID}`);
        if (owner) {
          // Known to the hub without a membership number (registered here): the feed's memnetID now names it.
          have = owner;
          counts.accountsAdopted++;
          // Registered on the hub but never confirmed: whoever registered may not own the
          // address, so the password they chose must not come with the organisation and role.
          if (!confirmed.has(owner.id)) unconfirmedAdoptions.push(owner);
        }
      }
      if (!have) {
        accountCreates.push({ input: { email: a.email, userName: a.email, memnetID: a.memnetID, ...values }, label });
        return;
      }
      if (lower(have.email) !== a.email) counts.emailsKept++;
      const changed: Record<string, unknown> = {};
      if (have.memnetID !== a.memnetID) changed.memnetID = a.memnetID;
      for (const [k, v] of Object.entries(values)) if (!same(have[k as keyof StoredAccount], v)) changed[k] = v;
      if (Object.keys(changed).length) accountUpdates.push({ input: { id: have.id, ...changed }, label });
      stampIds.push(have.id);
    });

    const createdIds = await saveAll(tx, storage, ACCOUNT, accountCreates, 'create');
    await saveAll(tx, storage, ACCOUNT, accountUpdates, 'update');
    for (const account of unconfirmedAdoptions) {
      const user = { id: account.id, kind: 'account' };
      await clearPassword(tx, user);
      await endUserSessions(tx, account.id);
      // Its confirmation links carry the registration's password (or prove only what the sync now decides).
      await revokeTokens(tx, account.id, ['confirm', 'reset', 'remember2fa', 'login2fa']);
      cleared.push({ email: account.email, token: await issueToken(tx, account.id, 'reset', SET_PASSWORD_MINUTES) });
    }
    counts.passwordsCleared = unconfirmedAdoptions.length;
    if (createdIds.length)
      // Members of the MehubAccount group, as a registration makes them (user_group is the hub's own table).
      await tx.query(`INSERT INTO user_group (user_id, group_name) SELECT unnest($1::uuid[]), $2 ON CONFLICT DO NOTHING`, [
        createdIds,
        GROUPS.member,
      ]);
    stampIds.push(...createdIds);
    counts.accountsCreated = createdIds.length;
    counts.accountsUpdated = accountUpdates.length;
    for (let i = 0; i < stampIds.length; i += 10_000)
      counts.accountsStamped += await systemUpdateMany(tx, ACCOUNT, stampIds.slice(i, i + 10_000), { lastsyncdate: toWireDate(now) });
    return counts;
  });
}

/** Reads, checks and applies the feed: what one run of the job does. */
export async function syncMembership(
  settings: MembershipFeedSettings,
  env: Pick<JobContext, 'db' | 'storage' | 'now' | 'signal' | 'mailer' | 'publicUrl' | 'log'>,
): Promise<SyncCounts> {
  const feed = await checkFeed(await readFeed(settings, env.signal), env.signal);
  if (env.signal.aborted) throw new FeedError('The membership sync was stopped: the server is shutting down');
  const cleared: ClearedPassword[] = [];
  const counts = await applyFeed(env.db, env.storage, feed, env.now, cleared);
  // After the commit: the accounts exist as the mail says. A mail that fails is logged (the
  // owner can still use Forgot your password?), the run stands.
  for (const c of cleared)
    await env.mailer
      .send(setPasswordMail(env.publicUrl, c))
      .catch((err: unknown) => env.log(`Sending mail to ${c.email} failed`, { error: String(err) }));
  return counts;
}

/** The mail to the owner of an adopted address whose registration password was removed. */
export function setPasswordMail(publicUrl: string, c: ClearedPassword) {
  const query = new URLSearchParams({ token: c.token, username: c.email }).toString();
  return {
    to: c.email,
    subject: 'Choose your Safety Hub password',
    text:
      `Your organisation has added ${c.email} to the Safety Hub. This address was registered on the Safety Hub with a password ` +
      'before your organisation added it, and that registration was never confirmed, so the password has been removed: nobody ' +
      `can sign in with it. To choose your password, open this link within three days:\n\n${publicUrl}/reset-password?${query}\n\n` +
      'If the link has expired, use Forgot your password? on the sign-in page.',
  };
}

export function summarise(c: SyncCounts): string {
  const parts = [
    `${c.accountsStamped} account${c.accountsStamped === 1 ? '' : 's'} synchronised`,
    `${c.accountsCreated} new`,
    `${c.accountsUpdated} changed`,
  ];
  if (c.accountsAdopted) parts.push(`${c.accountsAdopted} matched by email`);
  if (c.passwordsCleared) parts.push(`${c.passwordsCleared} never confirmed (password removed, set-password link mailed)`);
  if (c.emailsKept) parts.push(`${c.emailsKept} with another email in the feed (the hub's kept)`);
  parts.push(`organisations: ${c.organisationsCreated} new, ${c.organisationsUpdated} changed`);
  return parts.join(', ');
}

/** The membership sync as a job of the runner (jobs/all.ts): daily at 02:00 UTC, and once at start-up. */
export function membershipSyncJob(settings: MembershipFeedSettings): JobDefinition {
  return {
    name: 'membership-sync',
    title: 'Membership sync',
    description: `Reads organisations and accounts from the membership system's feed${settings.url || settings.file ? ` (${feedSource(settings)})` : ''}, creates or updates them by memberCode and memnetID, and stamps Lastsyncdate on every account it names.`,
    cron: '0 2 * * *',
    runAtStartup: true,
    maxAttempts: 3,
    disabledReason: () =>
      settings.url || settings.file
        ? null
        : 'No membership feed is configured: set MEMBERSHIP_FEED_URL or MEMBERSHIP_FEED_FILE (docs/membership-feed.md)',
    async run(ctx) {
      const counts = await syncMembership(settings, ctx);
      ctx.log('membership sync', { ...counts });
      return { summary: summarise(counts), counts: { ...counts } };
    },
  };
}
