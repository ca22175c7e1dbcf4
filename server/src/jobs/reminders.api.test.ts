import {
  REMINDER_TRIGGERS,
  TRIGGER_TYPES,
  addDays,
  addMonths,
  daysBetween,
  reminderTypeFor,
  type ReminderTypeKey,
  type TriggerTypeKey,
} from '@hub/model/reminders';
import type { RecentActivity } from '@hub/model/site';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReminderSettings } from '../config';
import { openPostgres, type Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { insertRow } from '../test/rows';
import { runReminders } from './reminders';
import { testClock } from './runner';
import type { JobContext } from './types';

/**
 * The reminder job against a real database: the matrix of the seven trigger kinds and the three
 * types around each offset (the day before nothing, on the day exactly one per recipient),
 * reruns and concurrent runs sending nothing twice, a moved due date, missed days, who receives.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const settings: ReminderSettings = { cron: '0 19 * * *', timeZone: 'UTC', reminderOneDays: 30, reminderTwoDays: 7, lateDays: 7 };
/** The due date of every record below, far from the demo's own dates. */
const DUE = '2031-04-09';
const SPARK = {
  worker: 'worker@sparkright.example',
  safetyworker: 'safetyworker@sparkright.example',
  proworker: 'proworker@sparkright.example',
  safetymanager: SPARK_MANAGER,
  manager: 'manager@sparkright.example',
  promanager: 'promanager@sparkright.example',
};
const MANAGERS = [SPARK.safetymanager, SPARK.manager, SPARK.promanager];

function ctx(day: string, db: Db = h.db, mailer: Mailer = { send: async () => {} }): JobContext {
  return {
    db,
    mailer,
    storage: {} as JobContext['storage'],
    publicUrl: 'https://hub.example',
    now: new Date(`${day}T19:00:00Z`),
    attempt: 1,
    signal: new AbortController().signal,
    log: () => {},
  };
}

const id = (email: string) => h.users[email].id;
let records: Record<TriggerTypeKey, string>;

/** One record per trigger kind in Sparkright, every one due on DUE, with the people each should reach. */
async function seedRecords(): Promise<Record<TriggerTypeKey, string[]>> {
  const org = h.org.spark;
  const licence = await insertRow(h.db, 'licence', {
    licence_name: 'Working at heights',
    licence_issuer: 'WorkSafe',
    licence_type: 'COMPETENCY',
    renewal_date: DUE,
    status: 'ACTIVE',
    mehub_account_id: id(SPARK.worker),
  });
  const pendingLicence = await insertRow(h.db, 'licence', {
    licence_name: 'Confined space entry',
    licence_issuer: 'TAFE',
    licence_type: 'COMPETENCY',
    status: 'PENDING',
    modified: `${addDays(DUE, -30)} 09:00:00`,
    mehub_account_id: id(SPARK.worker),
  });
  const asset = await insertRow(h.db, 'asset', {
    asset_type: 'HARNESS',
    description: 'Full body harness',
    status: 'IN_SERVICE',
    next_inspection: DUE,
    service_due_date: DUE,
    registration_renewal_date: DUE,
    member_organisation_id: org,
  });
  await insertRow(h.db, 'link_assets_mehub_accounts', { assets_id: asset, mehub_accounts_id: id(SPARK.safetyworker) });
  // Out of service: no reminders.
  await insertRow(h.db, 'asset', {
    asset_type: 'LADDER',
    description: 'Broken ladder',
    status: 'OUT_OF_SERVICE',
    next_inspection: DUE,
    member_organisation_id: org,
  });
  const document = await insertRow(h.db, 'document', {
    document_name: 'Isolation procedure',
    document_link: 'https://example.org/isolation',
    status: 'ACTIVE',
    annual_review: true,
    active_since: addMonths(DUE, -12),
    member_organisation_id: org,
  });
  await insertRow(h.db, 'link_documents_mehub_accounts', { documents_id: document, mehub_accounts_id: id(SPARK.proworker) });
  // Annual review off: no reminders.
  await insertRow(h.db, 'document', {
    document_name: 'No review',
    document_link: 'https://example.org/none',
    status: 'ACTIVE',
    annual_review: false,
    active_since: addMonths(DUE, -12),
    member_organisation_id: org,
  });
  const pendingDocument = await insertRow(h.db, 'document', {
    document_name: 'Apprentice policy',
    document_link: 'https://example.org/apprentice',
    status: 'PENDING',
    modified: `${addDays(DUE, -30)} 09:00:00`,
    member_organisation_id: org,
  });
  const action = await insertRow(h.db, 'corrective_action', {
    description: 'Replace the frayed lead',
    status: 'OPEN',
    priority: 'HIGH',
    due_date: DUE,
    assignee_id: id(SPARK.worker),
    member_organisation_id: org,
  });
  // A closed action: no reminders.
  await insertRow(h.db, 'corrective_action', {
    description: 'Fixed already',
    status: 'CLOSED',
    priority: 'LOW',
    due_date: DUE,
    assignee_id: id(SPARK.worker),
    closing_comment: 'Done',
    member_organisation_id: org,
  });
  records = {
    CORRECTIVE_ACTION_DUE: action,
    LICENCE_DUE: licence,
    LICENCE_PENDING: pendingLicence,
    ASSET_INSPECTION: asset,
    ASSET_SERVICE: asset,
    ASSET_REGISTRATION: asset,
    DOCUMENT_ANNUAL_REVIEW: document,
    DOCUMENT_PENDING: pendingDocument,
  };
  return {
    CORRECTIVE_ACTION_DUE: [SPARK.worker, ...MANAGERS],
    LICENCE_DUE: [SPARK.worker, ...MANAGERS],
    LICENCE_PENDING: MANAGERS,
    ASSET_INSPECTION: [SPARK.safetyworker, ...MANAGERS],
    ASSET_SERVICE: [SPARK.safetyworker, ...MANAGERS],
    ASSET_REGISTRATION: [SPARK.safetyworker, ...MANAGERS],
    DOCUMENT_ANNUAL_REVIEW: [SPARK.proworker, ...MANAGERS],
    DOCUMENT_PENDING: [SPARK.safetymanager],
  };
}

interface LogRow {
  trigger: TriggerTypeKey;
  type: ReminderTypeKey;
  entity: string;
  due: string;
  email: string;
  description: string;
}
async function logs(): Promise<LogRow[]> {
  const { rows } = await h.db.query<LogRow>(
    `SELECT r.trigger_type AS trigger, r.reminder_type AS type, r.entity_id AS entity, to_char(r.trigger_date, 'YYYY-MM-DD') AS due,
            a.email, r.description
       FROM reminder_log r JOIN mehub_account a ON a.id = r.mehub_account_id
      WHERE to_char(r.trigger_date, 'YYYY') >= '2031' ORDER BY 1, 2, 5`,
  );
  return rows;
}
const outbox = async () =>
  (await h.db.query<{ to: string; subject: string; text: string }>(`SELECT "to", subject, text FROM mail_outbox ORDER BY created, "to"`))
    .rows;

describe('the matrix: trigger x type x offset', () => {
  let expected: Record<TriggerTypeKey, string[]>;
  beforeAll(async () => {
    await h.reset();
    expected = await seedRecords();
  });

  // Days around each offset: the day before nothing new, on it one per recipient.
  const days = [-31, -30, -29, -8, -7, -6, -1, 0, 1, 7, 8].map((d) => addDays(DUE, d));
  it.each(days)('on %s', async (day) => {
    const before = await logs();
    const outcome = await runReminders(ctx(day), settings);
    const after = await logs();
    const added = after.filter((a) => !before.some((b) => JSON.stringify(a) === JSON.stringify(b)));
    const type = reminderTypeFor(daysBetween(day, DUE), settings);
    const sentBefore = (t: TriggerTypeKey, email: string) => before.some((b) => b.trigger === t && b.type === type && b.email === email);
    const want = TRIGGER_TYPES.flatMap((t) =>
      type ? expected[t].filter((email) => !sentBefore(t, email)).map((email) => `${t} ${type} ${email}`) : [],
    ).sort();
    expect(added.map((a) => `${a.trigger} ${a.type} ${a.email}`).sort()).toEqual(want);
    expect(outcome.counts?.sent).toBe(want.length);
    for (const a of added) {
      expect(a.entity).toBe(records[a.trigger]);
      expect(a.due).toBe(DUE);
      expect(a.description).toContain('09/04/2031');
    }
    // The same day again: nothing.
    const again = await runReminders(ctx(day), settings);
    expect(again.counts?.sent).toBe(0);
    expect(await logs()).toHaveLength(after.length);
  });

  it('sent each type once to each recipient over the whole run of days', async () => {
    const all = await logs();
    for (const t of TRIGGER_TYPES)
      for (const type of ['REMINDER_ONE', 'REMINDER_TWO', 'DUE_DATE'] as const)
        expect(
          all
            .filter((l) => l.trigger === t && l.type === type)
            .map((l) => l.email)
            .sort(),
          `${t} ${type}`,
        ).toEqual([...expected[t]].sort());
    // Nobody outside Sparkright heard of its records.
    expect(all.some((l) => !l.email.endsWith('@sparkright.example'))).toBe(false);
  });

  it('mailed one message per person per run, with the records and their links', async () => {
    const mails = await outbox();
    const firstDay = mails.filter((m) => m.text.includes('Reminder One:'));
    // Reminder One's day: each person (the worker, safety worker, pro worker and three managers) got one message.
    const people = new Set(TRIGGER_TYPES.flatMap((t) => expected[t]));
    expect(new Set(firstDay.map((m) => m.to)).size).toBe(people.size);
    expect(firstDay).toHaveLength(people.size);
    const sm = firstDay.find((m) => m.to === SPARK.safetymanager)!;
    expect(sm.subject).toBe('Reminder: 8 safety records need attention');
    expect(sm.text).toContain(`https://hub.example/corrective-actions/view/${records.CORRECTIVE_ACTION_DUE}`);
    expect(sm.text).toContain("Corrective action 'Replace the frayed lead' is due on 09/04/2031");
    expect(sm.text).toContain(`https://hub.example/assets/view/${records.ASSET_INSPECTION}`);
    expect(sm.text).toContain(`https://hub.example/users/${id(SPARK.worker)}/licences/view/${records.LICENCE_DUE}`);
    expect(sm.text).toContain("Document 'Apprentice policy' is waiting for approval: please approve or remove it by 09/04/2031");
    const worker = firstDay.find((m) => m.to === SPARK.worker)!;
    expect(worker.subject).toBe('Reminder: 2 safety records need attention');
    expect(worker.text).toMatch(/Licence 'Working at heights' of .+ is due for renewal on 09\/04\/2031/);
    expect(worker.text).toContain(`https://hub.example/corrective-actions/view/${records.CORRECTIVE_ACTION_DUE}`);
  });

  it('has the model’s recipients table behind it', () => {
    expect(REMINDER_TRIGGERS.DOCUMENT_PENDING.recipients.roles).toEqual(['SafetyManager']);
  });
});

describe('what falls due', () => {
  beforeEach(async () => {
    await h.reset();
    await seedRecords();
  });

  it('sends only the newest reminder missed while no server ran, never a stale one', async () => {
    // Nothing ran for Reminder One's whole window: five days before, only Reminder Two goes out.
    await runReminders(ctx(addDays(DUE, -5)), settings);
    expect(new Set((await logs()).map((l) => l.type))).toEqual(new Set(['REMINDER_TWO']));
    // Ten days after: past Due Date's late window, nothing at all.
    await h.reset();
    await seedRecords();
    const late = await runReminders(ctx(addDays(DUE, 10)), settings);
    expect(late.counts?.sent).toBe(0);
  });

  it('tells a Due Date reminder sent late as past, in the activity title and the mail', async () => {
    // No server ran on the due date: three days later Due Date still goes out, and says so.
    await runReminders(ctx(addDays(DUE, 3)), settings);
    const due = (await logs()).filter((l) => l.type === 'DUE_DATE');
    expect(due.length).toBeGreaterThan(0);
    for (const l of due) {
      expect(l.description).toContain('09/04/2031');
      expect(l.description).not.toMatch(/ is due |please approve/);
    }
    expect(due.map((l) => l.description)).toContain("Asset 'Full body harness' was due for inspection on 09/04/2031");
    const mails = await outbox();
    expect(mails.some((m) => m.text.includes("Due Date: Asset 'Full body harness' was due for inspection on 09/04/2031"))).toBe(true);
    expect(mails.some((m) => / is due for /.test(m.subject + m.text))).toBe(false);
  });

  it('makes new reminders due when a due date changes', async () => {
    await runReminders(ctx(addDays(DUE, -30)), settings);
    const before = (await logs()).filter((l) => l.trigger === 'LICENCE_DUE');
    expect(before.map((l) => l.type)).toEqual(['REMINDER_ONE', 'REMINDER_ONE', 'REMINDER_ONE', 'REMINDER_ONE']);
    const moved = addDays(DUE, -25);
    await h.db.query('UPDATE licence SET renewal_date = $2 WHERE id = $1', [records.LICENCE_DUE, moved]);
    const outcome = await runReminders(ctx(addDays(DUE, -30)), settings);
    const now = (await logs()).filter((l) => l.trigger === 'LICENCE_DUE' && l.due === moved);
    expect(now.map((l) => l.type)).toEqual(['REMINDER_TWO', 'REMINDER_TWO', 'REMINDER_TWO', 'REMINDER_TWO']);
    expect(outcome.counts?.sent).toBe(4);
  });

  it('sends nothing to a deactivated account, and the others still hear', async () => {
    await h.db.query(
      `INSERT INTO auth_state (user_id, user_kind, active) VALUES ($1, 'account', false)
                      ON CONFLICT (user_id) DO UPDATE SET active = false`,
      [id(SPARK.manager)],
    );
    await runReminders(ctx(addDays(DUE, -30)), settings);
    const emails = new Set((await logs()).map((l) => l.email));
    expect(emails.has(SPARK.manager)).toBe(false);
    expect(emails.has(SPARK.safetymanager)).toBe(true);
  });

  it('counts a document’s annual review from the day it was last made active', async () => {
    const doc = records.DOCUMENT_ANNUAL_REVIEW;
    // Made active again today (through the API's rules): the next review is a year away.
    await h.db.query(`UPDATE document SET status = 'INACTIVE' WHERE id = $1`, [doc]);
    const res = await h.gql(
      SPARK_MANAGER,
      'mutation($m: [DocumentEntityInput!]!) { r: updateDocumentEntity(documentEntityModels: $m) { id activeSince } }',
      {
        m: [{ id: doc, status: 'ACTIVE' }],
      },
    );
    expect(res.errors).toBeUndefined();
    const { rows } = await h.db.query<{ d: string }>(`SELECT to_char(active_since, 'YYYY-MM-DD') AS d FROM document WHERE id = $1`, [doc]);
    expect(rows[0].d).toBe(new Date().toISOString().slice(0, 10));
    await runReminders(ctx(addDays(DUE, -30)), settings);
    expect((await logs()).some((l) => l.trigger === 'DOCUMENT_ANNUAL_REVIEW')).toBe(false);
  });

  it('deleting an asset or a licence deletes its reminder logs', async () => {
    await runReminders(ctx(DUE), settings);
    const res = await h.gql(ADMIN, 'mutation($i: [ID!]!) { r: deleteAssetEntity(assetEntityIds: $i) }', { i: [records.ASSET_INSPECTION] });
    expect(res.errors).toBeUndefined();
    const left = await logs();
    expect(left.some((l) => l.entity === records.ASSET_INSPECTION)).toBe(false);
    expect(left.some((l) => l.entity === records.LICENCE_DUE)).toBe(true);
  });

  it('shows reminders in the recipient’s Recent Activity, linked to the record they may open', async () => {
    await runReminders(ctx(DUE), settings);
    const get = async (who: string) =>
      (await h.app.inject({ url: '/api/entity/ReminderLogEntity/GetRecentActivity', headers: h.headers(who) })).json() as RecentActivity[];
    const worker = await get(SPARK_WORKER);
    const licence = worker.find((i) => i.title.startsWith("Licence 'Working at heights'"))!;
    expect(licence).toMatchObject({ priority: 'High', url: `/users/${id(SPARK.worker)}/licences/view/${records.LICENCE_DUE}` });
    const manager = await get(SPARK_MANAGER);
    expect(manager.find((i) => i.title.startsWith("Asset 'Full body harness' is due for inspection"))).toMatchObject({
      url: `/assets/view/${records.ASSET_INSPECTION}`,
    });
    expect(manager.find((i) => i.title.startsWith("Document 'Apprentice policy'"))).toMatchObject({
      url: `/my-documents/view/${records.DOCUMENT_PENDING}`,
    });
    // Another organisation's manager sees none of them.
    expect((await get(VOLT_MANAGER)).some((i) => i.title.includes('09/04/2031'))).toBe(false);
  });

  it("a member reads their own reminder logs, never a colleague's (which may name an action they may not open)", async () => {
    await runReminders(ctx(DUE), settings);
    const all = await logs();
    for (const who of [SPARK.worker, SPARK.proworker, SPARK.safetymanager]) {
      const res = await h.gql<{ r: { mehubAccountId: string; description: string }[]; n: number }>(
        who,
        '{ r: reminderLogEntitys(take: 1000) { mehubAccountId description } n: countReminderLogEntitys }',
      );
      expect(res.errors).toBeUndefined();
      const mine = all.filter((l) => l.email === who);
      expect(mine.length, who).toBeGreaterThan(0);
      expect(new Set(res.data!.r.map((r) => r.mehubAccountId)), who).toEqual(new Set([id(who)]));
      expect(res.data!.n).toBe(res.data!.r.length);
      // Nested under a colleague's account, neither.
      const nested = await h.gql<{ a: { reminderLogs: unknown[] } | null }>(
        who,
        '{ a: mehubAccountEntity(id: $id) { reminderLogs { id } } }'.replace('$id', `"${id(SPARK.promanager)}"`),
      );
      expect(nested.data?.a?.reminderLogs ?? []).toEqual([]);
    }
    // An administrator reads them all.
    const admin = await h.gql<{ n: number }>(ADMIN, '{ n: countReminderLogEntitys }');
    expect(admin.data!.n).toBeGreaterThanOrEqual(all.length);
  });

  it("tells nothing of another organisation's records through a log a member wrote (members may write their own logs)", async () => {
    const probe = (who: string) =>
      h.gql(who, 'mutation($m: [ReminderLogEntityInput!]!) { r: createReminderLogEntity(reminderLogEntityModels: $m) { id } }', {
        m: [
          {
            description: `probe ${who}`,
            entityID: records.ASSET_SERVICE,
            triggerType: 'ASSET_SERVICE',
            reminderType: 'DUE_DATE',
            triggerDate: `${DUE} 00:00:00`,
            mehubAccountId: h.users[who].id,
          },
        ],
      });
    const titles = async (who: string) =>
      (
        (await h.app.inject({ url: '/api/entity/ReminderLogEntity/GetRecentActivity', headers: h.headers(who) })).json() as RecentActivity[]
      ).map((i) => i.title);
    // Voltline's manager names Sparkright's van on its real service day: the log never stands.
    expect((await probe(VOLT_MANAGER)).errors).toBeUndefined();
    expect(await titles(VOLT_MANAGER)).not.toContain(`probe ${VOLT_MANAGER}`);
    // The same log of a Sparkright member stands: the record is theirs and due that day.
    expect((await probe(SPARK_MANAGER)).errors).toBeUndefined();
    expect(await titles(SPARK_MANAGER)).toContain(`probe ${SPARK_MANAGER}`);
  });

  it('leaves out of Recent Activity the reminders whose record was dealt with; the others stay', async () => {
    await runReminders(ctx(DUE), settings);
    const titles = async (who: string) =>
      (
        (await h.app.inject({ url: '/api/entity/ReminderLogEntity/GetRecentActivity', headers: h.headers(who) })).json() as RecentActivity[]
      ).map((i) => i.title);
    const before = await titles(SPARK_MANAGER);
    expect(before.some((t) => t.startsWith("Asset 'Full body harness' is due for inspection"))).toBe(true);
    expect(before.some((t) => t.startsWith("Document 'Apprentice policy'"))).toBe(true);

    // The harness inspected (its next inspection a year on) and the policy approved, through the API.
    const asset = await h.gql(SPARK_MANAGER, 'mutation($m: [AssetEntityInput!]!) { r: updateAssetEntity(assetEntityModels: $m) { id } }', {
      m: [{ id: records.ASSET_INSPECTION, nextInspection: addDays(DUE, 365) }],
    });
    expect(asset.errors).toBeUndefined();
    const doc = await h.gql(
      SPARK_MANAGER,
      'mutation($m: [DocumentEntityInput!]!) { r: updateDocumentEntity(documentEntityModels: $m) { id } }',
      {
        m: [{ id: records.DOCUMENT_PENDING, status: 'ACTIVE' }],
      },
    );
    expect(doc.errors).toBeUndefined();

    const after = await titles(SPARK_MANAGER);
    expect(after.some((t) => t.startsWith("Asset 'Full body harness' is due for inspection"))).toBe(false);
    expect(after.some((t) => t.startsWith("Document 'Apprentice policy'"))).toBe(false);
    // The same asset's service and registration still fall due that day; the licence too.
    expect(after.some((t) => t.startsWith("Asset 'Full body harness' is due for a service"))).toBe(true);
    expect(after).toHaveLength(before.length - 2);
    expect((await titles(SPARK_WORKER)).some((t) => t.startsWith("Licence 'Working at heights'"))).toBe(true);
    // The log itself is kept (history), only Recent Activity leaves it out.
    expect((await logs()).some((l) => l.entity === records.ASSET_INSPECTION && l.trigger === 'ASSET_INSPECTION')).toBe(true);
  });
});

describe('several servers', () => {
  it('two runs racing on the same day (separate pools on PostgreSQL) record and mail each reminder once', async () => {
    await h.reset();
    const expected = await seedRecords();
    const other: Db = h.db.engine === 'postgres' ? await openPostgres(process.env.TEST_DATABASE_URL!, 4) : h.db;
    try {
      const day = addDays(DUE, -30);
      const [a, b] = await Promise.all([runReminders(ctx(day), settings, 1), runReminders(ctx(day, other), settings, 1)]);
      const total = TRIGGER_TYPES.reduce((n, t) => n + expected[t].length, 0);
      expect(a.counts!.sent + b.counts!.sent).toBe(total);
      expect(await logs()).toHaveLength(total);
      const mails = (await outbox()).filter((m) => m.subject.startsWith('Reminder'));
      const perPerson = new Map<string, number>();
      for (const m of mails) perPerson.set(m.to, (perPerson.get(m.to) ?? 0) + 1);
      // Each reminder in exactly one message: the lines across a person's messages add up once.
      const lines = mails.reduce((n, m) => n + (m.text.match(/^- /gm)?.length ?? 0), 0);
      expect(lines).toBe(total);
    } finally {
      if (other !== h.db) await other.close();
    }
  });

  it('the runner runs the reminder job at start-up once across two servers', async () => {
    await h.reset();
    await seedRecords();
    const clock = testClock(`${addDays(DUE, -7)}T08:00:00Z`);
    const { createJobRunner } = await import('./runner');
    const { remindersJob } = await import('./reminders');
    const make = (serverId: string) =>
      createJobRunner({
        db: h.db,
        jobs: [remindersJob(settings)],
        storage: {} as JobContext['storage'],
        mailer: { send: async () => {} },
        publicUrl: 'https://hub.example',
        clock,
        serverId,
        tickMs: 3_600_000,
      });
    const [one, two] = [make('one'), make('two')];
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.idle(), two.idle()]);
    const runs = await one.runsOf('reminders');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'startup', status: 'succeeded' });
    expect(runs[0].summary).toMatch(/^Sent \d+ reminders to \d+ people for 02\/04\/2031 \(UTC\)$/);
    await Promise.all([one.stop(), two.stop()]);
  });
});
