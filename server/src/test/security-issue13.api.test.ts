import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../files/storage';
import { parseFeed } from '../jobs/membership-feed';
import { applyFeed } from '../jobs/membership-sync';
import { riskAssessmentAnswers } from './forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * Issue 13 security review (timelines, membership sync): what an outsider or a colleague
 * reads through the timeline events that the records themselves hide. Each test states the
 * rule the hub keeps elsewhere and shows the timeline breaking it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const SPARK_COLLEAGUE = 'manager@sparkright.example';
const SPARK_SAFETY_WORKER = 'safetyworker@sparkright.example';

/** The descriptions (and record ids) of the timeline events `who` reads on account `account`. */
async function eventsOn(who: string, account: string): Promise<{ description: string; recordId: string | null; actionTitle: string }[]> {
  const res = await h.gql<{ e: { description: string; recordId: string | null; actionTitle: string }[] }>(
    who,
    `query($c: [[WhereExpressionGraph!]!]) { e: mehubAccountTimelineEventsEntitys(take: 500, conditions: $c) { description recordId actionTitle } }`,
    { c: [[{ path: 'entity.id', comparison: 'equal', value: [account] }]] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.e;
}

/** Every timeline event `who` reads whose description contains `text`. */
async function eventsMentioning(who: string, text: string): Promise<{ description: string; entity: { email: string } }[]> {
  const res = await h.gql<{ e: { description: string; entity: { email: string } }[] }>(
    who,
    `query($c: [[WhereExpressionGraph!]!]) { e: mehubAccountTimelineEventsEntitys(take: 500, conditions: $c) { description entity { email } } }`,
    { c: [[{ path: 'description', comparison: 'contains', value: [text] }]] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.e;
}

describe('timeline descriptions never tell what the reader cannot read on the record', () => {
  it("a worker held to their own record does not learn a colleague's personal details from the colleague's timeline", async () => {
    const colleague = h.users[SPARK_COLLEAGUE].id;
    const saved = await h.gql(
      ADMIN,
      `mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { id } }`,
      { m: [{ id: colleague, mobileNumber: '0400 111 222', memnetID: '77001234', streetAddress1: '12 Hidden Lane' }] },
    );
    expect(saved.errors).toBeUndefined();

    // The record itself hides them from the worker (access/fields.ts PERSONAL_ACCOUNT_FIELDS)...
    const direct = await h.gql<{ a: { mobileNumber: string | null; memnetID: string | null; streetAddress1: string | null }[] }>(
      SPARK_WORKER,
      `query($ids: [ID!]) { a: mehubAccountEntitys(ids: $ids) { mobileNumber memnetID streetAddress1 } }`,
      { ids: [colleague] },
    );
    expect(direct.data!.a).toEqual([{ mobileNumber: null, memnetID: null, streetAddress1: null }]);

    // ...so the colleague's timeline must not tell them either.
    const told = (await eventsOn(SPARK_WORKER, colleague)).map((e) => e.description).join('\n');
    expect(told).not.toContain('0400 111 222');
    expect(told).not.toContain('77001234');
    expect(told).not.toContain('12 Hidden Lane');
  });

  it("a colleague does not learn of another member's draft submission (its job number and address) from the owner's timeline", async () => {
    // A draft of the worker's, saved as the member site saves one: drafts are read by their owner only (access/scope.ts, submissions).
    const { rows } = await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
    const created = await h.gql<{ r: { id: string }[] }>(
      SPARK_WORKER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
      {
        m: [
          {
            formVersionId: rows[0].v,
            isCompleted: false,
            submissionData: JSON.stringify(riskAssessmentAnswers({ jobNumber: 'J-DRAFT-4711' })),
          },
        ],
      },
    );
    expect(created.errors).toBeUndefined();
    const draft = created.data!.r[0].id;
    // A draft is its owner's alone: no timeline tells of it, the owner's included...
    expect((await eventsOn(SPARK_WORKER, h.users[SPARK_WORKER].id)).filter((e) => e.recordId === draft)).toEqual([]);

    for (const reader of [SPARK_MANAGER, SPARK_SAFETY_WORKER]) {
      const direct = await h.gql<{ s: unknown[] }>(reader, `query($ids: [ID!]) { s: formSubmissionsEntitys(ids: $ids) { id } }`, {
        ids: [draft],
      });
      expect(direct.data!.s).toEqual([]);
      // ...a colleague, who cannot read the draft, must not read it on the owner's timeline.
      const events = await eventsOn(reader, h.users[SPARK_WORKER].id);
      expect(events.map((e) => e.description).join('\n'), reader).not.toContain('J-DRAFT-4711');
      expect(events.map((e) => e.description).join('\n'), reader).not.toContain('12 Example Street');
      expect(
        events.filter((e) => e.recordId === draft),
        reader,
      ).toEqual([]);
    }
  });
});

describe('an account that moves to another organisation takes no timeline of the old one with it', () => {
  const moveAccount = async (email: string, org: string) => {
    const res = await h.gql(
      ADMIN,
      `mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { id } }`,
      { m: [{ id: h.users[email].id, memberOrganisationId: org }] },
    );
    expect(res.errors).toBeUndefined();
  };
  const voltAsset = async () =>
    (await h.db.query<{ id: string }>(`SELECT id FROM asset WHERE member_organisation_id = $1 ORDER BY id LIMIT 1`, [h.org.volt])).rows[0]
      .id;

  it("after Voltline's primary contact moves to Sparkright, an administrator's change to a Voltline asset is not read by Sparkright", async () => {
    await moveAccount(VOLT_MANAGER, h.org.spark);
    const asset = await voltAsset();
    const saved = await h.gql(ADMIN, `mutation($m: [AssetEntityInput!]!) { updateAssetEntity(assetEntityModels: $m) { id } }`, {
      m: [{ id: asset, description: 'Voltline private asset note' }],
    });
    expect(saved.errors).toBeUndefined();

    // Sparkright's members cannot read the asset...
    const direct = await h.gql<{ a: unknown[] }>(SPARK_WORKER, `query($ids: [ID!]) { a: assetEntitys(ids: $ids) { id } }`, {
      ids: [asset],
    });
    expect(direct.data!.a).toEqual([]);
    // ...nor the event telling its change (it went on Voltline's stale primary contact, now a Sparkright account).
    expect(await eventsMentioning(SPARK_WORKER, 'Voltline private asset note')).toEqual([]);
    expect(await eventsMentioning(SPARK_MANAGER, 'Voltline private asset note')).toEqual([]);
  });

  it('after the membership feed moves an organisation’s primary contact elsewhere, that organisation’s record changes stay in it', async () => {
    // The feed names Sparkright's safety manager (no memnetID yet: matched by email) as a member of Voltline.
    const feed = parseFeed(
      JSON.stringify({
        organisations: [],
        accounts: [{ memnetID: '500001', email: SPARK_MANAGER, organisation: 'DEMO2' }],
      }),
    );
    await applyFeed(h.db, diskStorage(mkdtempSync(join(tmpdir(), 'hub-sec13-'))), feed, new Date());

    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM asset WHERE member_organisation_id = $1 ORDER BY id LIMIT 1`, [
      h.org.spark,
    ]);
    const saved = await h.gql(ADMIN, `mutation($m: [AssetEntityInput!]!) { updateAssetEntity(assetEntityModels: $m) { id } }`, {
      m: [{ id: rows[0].id, description: 'Sparkright private asset note' }],
    });
    expect(saved.errors).toBeUndefined();
    expect(await eventsMentioning(VOLT_MANAGER, 'Sparkright private asset note')).toEqual([]);
  });

  it("the new organisation does not read the moved account's history of the old organisation's records", async () => {
    // Voltline's safety manager created Voltline's assets and documents: events on their own timeline.
    const before = await eventsMentioning(VOLT_MANAGER, 'Voltline Services');
    expect(before.length).toBeGreaterThan(0);
    expect(await eventsMentioning(SPARK_WORKER, 'Voltline Services')).toEqual([]);

    await moveAccount(VOLT_MANAGER, h.org.spark);
    // The move itself is an event of the account in its new organisation; nothing before it is.
    const moved = (await eventsMentioning(SPARK_WORKER, 'Voltline Services')).filter(
      (e) => !e.description.includes('Member Organisation: Voltline Services -> Sparkright Electrical'),
    );
    expect(moved).toEqual([]);
  });
});

describe('timeline routes answer hostile input with a 4xx', () => {
  const post = (path: string, body: unknown) =>
    h.app.inject({
      method: 'POST',
      url: `/api/entity/MehubAccountEntity/${path}`,
      headers: { ...h.headers(SPARK_SAFETY_WORKER), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('a time zone the JavaScript runtime knows and the database does not is a 400, never a 500', async () => {
    for (const zone of ['US/Pacific-New', 'Canada/East-Saskatchewan']) {
      // Both names pass the route's Intl check.
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
      const res = await post('quick-jump-options', { timeFrame: 'Months', timeZoneId: zone });
      expect(res.statusCode, `${zone}: ${res.body}`).not.toBe(500);
      if (res.statusCode !== 200) expect(res.statusCode).toBe(400);
    }
  });

  it('a day that does not exist (30 February) is refused as not a moment, not moved to March', async () => {
    const res = await post('timeline-graph-data', { dateRange: { startDate: '2026-02-30 00:00:00', endDate: '2026-03-10 00:00:00' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toContain('dateRange.startDate');
  });
});

describe('reminder logs', () => {
  it("a worker cannot write a reminder log on a colleague's account (it would silence the manager's reminder, or show them any text)", async () => {
    // The key the reminder job skips on (crud/reminders.ts: NOT EXISTS ... and ON CONFLICT DO NOTHING):
    // a worker's own licence falling due, the reminder to their safety manager.
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM licence WHERE mehub_account_id = $1 LIMIT 1`, [
      h.users[SPARK_WORKER].id,
    ]);
    const res = await h.gql(
      SPARK_WORKER,
      `mutation($m: [ReminderLogEntityInput!]!) { r: createReminderLogEntity(reminderLogEntityModels: $m) { id } }`,
      {
        m: [
          {
            reminderType: 'DUE_DATE',
            triggerType: 'LICENCE_DUE',
            triggerDate: '2026-12-01 00:00:00',
            entityID: rows[0]?.id ?? 'any',
            description: 'Nothing to do here: all licences are current',
            mehubAccountId: h.users[SPARK_MANAGER].id,
          },
        ],
      },
    );
    expect(res.errors?.[0]?.extensions?.code).toBeDefined();
    const { rows: written } = await h.db.query(
      `SELECT 1 FROM reminder_log WHERE mehub_account_id = $1 AND description LIKE 'Nothing to do%'`,
      [h.users[SPARK_MANAGER].id],
    );
    expect(written).toEqual([]);
  });
});
