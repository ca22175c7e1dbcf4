import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';

/**
 * Submission idempotency (issue 15): a device's outbox resends a save it got no answer for
 * with the same key; the server makes one row per key and account, and a replay returns it
 * without running the save's effects (notification mail, timeline, draft removal) again.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const RISK = 'Job Safety Risk Assessment';

async function form(name = RISK): Promise<{ id: string; versionId: string }> {
  const { rows } = await h.db.query<{ id: string; v: string }>('SELECT id, published_version_id AS v FROM forms WHERE name = $1', [name]);
  return { id: rows[0].id, versionId: rows[0].v };
}

const CREATE = `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id isCompleted submissionData } }`;

function create(who: string, input: Record<string, unknown>) {
  return h.gql<{ r: { id: string; isCompleted: boolean; submissionData: string }[] }>(who, CREATE, { m: [input] });
}

async function rowsOf(formId: string, owner?: string) {
  const { rows } = await h.db.query<{ id: string; is_completed: boolean; idempotency_key: string | null; mehub_account_id: string }>(
    `SELECT s.id, s.is_completed, s.idempotency_key, s.mehub_account_id FROM form_submissions s
     JOIN forms_entity_form_version v ON v.id = s.form_version_id
     WHERE v.form_id = $1${owner ? ' AND s.mehub_account_id = $2' : ''} ORDER BY s.created`,
    owner ? [formId, h.users[owner].id] : [formId],
  );
  return rows;
}

const timelineCount = async (submissionId: string) =>
  Number(
    (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mehub_account_timeline_events WHERE record_id = $1', [submissionId]))
      .rows[0].n,
  );

/** A completed Risk Assessment notifying the organisation's primary contact. */
async function completed(extra: Record<string, unknown> = {}) {
  const f = await form();
  const primary = h.users[SPARK_MANAGER].id;
  return {
    f,
    input: {
      formVersionId: f.versionId,
      isCompleted: true,
      submissionData: JSON.stringify(riskAssessmentAnswers({ 'complete-notify': [primary] })),
      ...extra,
    },
  };
}

describe('submission idempotency key', () => {
  it('a replay returns the first row: one row, one notification, one timeline event, whatever the replay says', async () => {
    const key = randomUUID();
    const { f, input } = await completed({ idempotencyKey: key });
    const first = await create(SPARK_WORKER, input);
    expect(first.errors).toBeUndefined();
    const id = first.data!.r[0].id;
    expect(h.mail.filter((m) => m.to === SPARK_MANAGER)).toHaveLength(1);
    const events = await timelineCount(id);
    expect(events).toBeGreaterThan(0);

    // The same key again, with other answers and as a draft: still the first row, untouched.
    const replay = await create(SPARK_WORKER, { ...input, isCompleted: false, submissionData: JSON.stringify({ task: 'Changed' }) });
    expect(replay.errors).toBeUndefined();
    expect(replay.data!.r[0].id).toBe(id);
    expect(replay.data!.r[0].isCompleted).toBe(true);
    expect(JSON.parse(replay.data!.r[0].submissionData).task).toBe('Replace the main switchboard');

    const rows = await rowsOf(f.id, SPARK_WORKER);
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0].idempotency_key).toBe(key);
    expect(h.mail.filter((m) => m.to === SPARK_MANAGER)).toHaveLength(1);
    expect(await timelineCount(id)).toBe(events);
  });

  it('a replayed draft does not remove the draft saved after it, nor become a second draft', async () => {
    const f = await form();
    const k1 = randomUUID();
    const k2 = randomUUID();
    const d1 = await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: '{"task":"one"}',
      idempotencyKey: k1,
    });
    const d2 = await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: '{"task":"two"}',
      idempotencyKey: k2,
    });
    expect((await rowsOf(f.id, SPARK_WORKER)).map((r) => r.id)).toEqual([d2.data!.r[0].id]);
    // The second draft replaced the first; replaying the second changes nothing.
    const again = await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: '{"task":"x"}',
      idempotencyKey: k2,
    });
    expect(again.data!.r[0].id).toBe(d2.data!.r[0].id);
    expect((await rowsOf(f.id, SPARK_WORKER)).map((r) => r.id)).toEqual([d2.data!.r[0].id]);
    expect(d1.data!.r[0].id).not.toBe(d2.data!.r[0].id);
  });

  it('concurrent replays make one row and all get its id', async () => {
    const key = randomUUID();
    const { f, input } = await completed({ idempotencyKey: key });
    const results = await Promise.all(Array.from({ length: 6 }, () => create(SPARK_WORKER, input)));
    for (const r of results) expect(r.errors).toBeUndefined();
    const ids = new Set(results.map((r) => r.data!.r[0].id));
    expect(ids.size).toBe(1);
    expect((await rowsOf(f.id, SPARK_WORKER)).map((r) => r.id)).toEqual([...ids]);
    expect(h.mail.filter((m) => m.to === SPARK_MANAGER)).toHaveLength(1);
  });

  it('is per account: a colleague reusing the key gets a row of their own, never the first one', async () => {
    const key = randomUUID();
    const { f, input } = await completed({ idempotencyKey: key });
    const worker = await create(SPARK_WORKER, input);
    const manager = await create(SPARK_MANAGER, input);
    expect(manager.errors).toBeUndefined();
    expect(manager.data!.r[0].id).not.toBe(worker.data!.r[0].id);
    const rows = await rowsOf(f.id);
    expect(rows.map((r) => [r.id, r.mehub_account_id])).toEqual([
      [worker.data!.r[0].id, h.users[SPARK_WORKER].id],
      [manager.data!.r[0].id, h.users[SPARK_MANAGER].id],
    ]);
    // Naming the worker as owner does not reach the worker's key: a member's create is their own.
    const named = await create(SPARK_MANAGER, { ...input, mehubAccountId: h.users[SPARK_WORKER].id });
    expect(named.data!.r[0].id).toBe(manager.data!.r[0].id);
    expect(await rowsOf(f.id)).toHaveLength(2);
  });

  it('another organisation reusing the key gets its own row and learns nothing of the first', async () => {
    const key = randomUUID();
    const { input } = await completed({ idempotencyKey: key });
    const spark = await create(SPARK_WORKER, input);
    const voltForm = await h.db.query<{ v: string }>(
      `SELECT f.published_version_id AS v FROM forms f WHERE f.name = $1 AND f.published_version_id IS NOT NULL LIMIT 1`,
      [RISK],
    );
    // The Risk Assessment is a default form: Voltline fills the same version.
    const volt = await create(VOLT_MANAGER, {
      ...input,
      formVersionId: voltForm.rows[0].v,
      submissionData: JSON.stringify(riskAssessmentAnswers()),
    });
    expect(volt.errors).toBeUndefined();
    expect(volt.data!.r[0].id).not.toBe(spark.data!.r[0].id);
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions WHERE idempotency_key = $1', [key]);
    expect(Number(rows[0].n)).toBe(2);
    // Named as owner by Voltline: refused as any other organisation's account is, never Spark's row.
    const named = await create(VOLT_MANAGER, { ...input, idempotencyKey: randomUUID(), mehubAccountId: h.users[SPARK_WORKER].id });
    expect(named.data?.r?.[0]?.id).not.toBe(spark.data!.r[0].id);
  });

  it('refuses a key that is not a UUID, with a message, and writes nothing', async () => {
    const f = await form();
    const before = (await rowsOf(f.id)).length;
    const hostile: unknown[] = [
      'not-a-uuid',
      "' OR 1=1 --",
      '__proto__',
      '../../etc/passwd',
      'x'.repeat(10_000),
      '00000000-0000-0000-0000-000000000000',
      `${randomUUID()}\u0000`,
      ` ${randomUUID()}`,
      '',
      123,
      true,
      { id: randomUUID() },
      [randomUUID()],
    ];
    for (const key of hostile) {
      const res = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: false, submissionData: '{}', idempotencyKey: key });
      expect(res.errors?.length, JSON.stringify(key).slice(0, 40)).toBeGreaterThan(0);
      expect(res.status).toBeLessThan(500);
    }
    const text = await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: '{}',
      idempotencyKey: 'nope',
    });
    expect(text.errors![0].message).toBe(
      'Could not save entity: The idempotency key must be a UUID (for example 1b4e28ba-2fa1-4d3b-883f-0016d3cca427)',
    );
    expect(JSON.stringify(text.errors)).toContain('The idempotency key must be a UUID');
    expect((await rowsOf(f.id)).length).toBe(before);
  });

  it('treats an upper-case key as the same key', async () => {
    const key = randomUUID();
    const { f, input } = await completed({ idempotencyKey: key.toUpperCase() });
    const first = await create(SPARK_WORKER, input);
    const again = await create(SPARK_WORKER, { ...input, idempotencyKey: key });
    expect(again.data!.r[0].id).toBe(first.data!.r[0].id);
    expect(await rowsOf(f.id, SPARK_WORKER)).toHaveLength(1);
  });

  it('is never returned, and an update cannot change it', async () => {
    const key = randomUUID();
    const { f, input } = await completed({ idempotencyKey: key });
    const first = await create(SPARK_WORKER, input);
    const id = first.data!.r[0].id;
    const read = await h.gql(SPARK_WORKER, `query($id: ID!) { s: formSubmissionsEntity(id: $id) { id idempotencyKey } }`, { id });
    expect(read.errors?.[0].message).toMatch(/idempotencyKey/);
    const other = randomUUID();
    const upd = await h.gql(
      ADMIN,
      `mutation($m: [FormSubmissionsEntityInput!]!) { r: updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
      { m: [{ id, idempotencyKey: other }] },
    );
    expect(upd.errors).toBeUndefined();
    expect((await rowsOf(f.id, SPARK_WORKER))[0].idempotency_key).toBe(key);
    // The original key still finds it; the other one makes a new row.
    expect((await create(SPARK_WORKER, input)).data!.r[0].id).toBe(id);
  });

  it('a create without a key is as before: every create makes a row', async () => {
    const { f, input } = await completed();
    await create(SPARK_WORKER, input);
    await create(SPARK_WORKER, input);
    expect(await rowsOf(f.id, SPARK_WORKER)).toHaveLength(2);
  });

  it('the replay is answered even when the replay itself would now be refused', async () => {
    const key = randomUUID();
    const { f, input } = await completed({ idempotencyKey: key });
    const first = await create(SPARK_WORKER, input);
    // Archive the version: a new create on it would be refused; the replay is still the first row.
    await h.db.query('UPDATE forms_entity_form_version SET active = false WHERE id = $1', [f.versionId]);
    await h.db.query('UPDATE forms SET published_version_id = NULL WHERE id = $1', [f.id]);
    const again = await create(SPARK_WORKER, input);
    expect(again.errors).toBeUndefined();
    expect(again.data!.r[0].id).toBe(first.data!.r[0].id);
    const fresh = await create(SPARK_WORKER, { ...input, idempotencyKey: randomUUID() });
    expect(fresh.errors?.[0].message).toBeTruthy();
  });
});
