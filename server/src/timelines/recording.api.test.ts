import { getEntity, opNames } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { formSubmissions } from '../test/forms-submissions';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';
import { TIMELINE_LIMITS } from '../crud/timeline';

/** Timeline recording (docs/timelines.md): what each save, delete and bulk operation leaves on whose timeline. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const forms = formSubmissions(() => h);

interface EventRow {
  action: string;
  action_title: string;
  description: string;
  group_id: string;
  entity_id: string;
  record_entity: string;
  record_id: string;
}

/** Events about one record, oldest first. */
const eventsOf = async (recordId: string) =>
  (
    await h.db.query<EventRow>(
      `SELECT action, action_title, description, group_id, entity_id, record_entity, record_id
       FROM mehub_account_timeline_events WHERE record_id = $1 ORDER BY created, entity_id`,
      [recordId],
    )
  ).rows;
const countEvents = async () =>
  Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mehub_account_timeline_events')).rows[0].n);
const id = (email: string) => h.users[email].id;
const primaryContactOf = async (org: string) =>
  (await h.db.query<{ p: string }>('SELECT primary_contact_id AS p FROM member_organisation WHERE id = $1', [org])).rows[0].p;

const asset = async (who: string, extra: Record<string, unknown> = {}) => {
  const res = await api.create(who, 'AssetEntity', [{ assetType: 'TOOL', description: 'Crimping tool', ...extra }]);
  expect(res.message).toBeNull();
  return res.r![0].id;
};
const licence = async (who: string, owner: string, extra: Record<string, unknown> = {}) => {
  const res = await api.create(who, 'LicenceEntity', [
    { licenceName: 'Electrical licence', licenceIssuer: 'NSW Fair Trading', licenceType: 'ELECTRICAL', mehubAccountId: owner, ...extra },
  ]);
  expect(res.message).toBeNull();
  return res.r![0].id;
};

describe('recording per entity', () => {
  it("an asset's create, update and delete by a member go on the member's timeline with the fields changed", async () => {
    const a = await asset(SPARK_MANAGER, { serialNumber: 'SN-1' });
    expect(
      (await api.update(SPARK_MANAGER, 'AssetEntity', [{ id: a, description: 'Drill', status: 'OUT_OF_SERVICE' }])).message,
    ).toBeNull();
    expect((await api.remove(SPARK_MANAGER, 'AssetEntity', [a])).message).toBeNull();
    const events = await eventsOf(a);
    expect(events.map((e) => [e.action, e.action_title, e.entity_id])).toEqual([
      ['CREATED', 'Asset Created: Crimping tool', id(SPARK_MANAGER)],
      ['UPDATED', 'Asset Updated: Drill', id(SPARK_MANAGER)],
      ['DELETED', 'Asset Deleted: Drill', id(SPARK_MANAGER)],
    ]);
    expect(events[0].description).toContain(`By ${SPARK_MANAGER}`);
    expect(events[0].description).toContain('Asset Type: Tool');
    expect(events[0].description).toContain('Serial Number: SN-1');
    expect(events[1].description.split('\n')).toEqual([
      `By ${SPARK_MANAGER}`,
      'Asset Name/Description: Crimping tool -> Drill',
      'Status: In Service -> Out of Service',
    ]);
    expect(events.every((e) => e.record_entity === 'AssetEntity')).toBe(true);
    expect(new Set(events.map((e) => e.group_id)).size).toBe(3);
  });

  it("an administrator's change to an organisation's record goes on the organisation's primary contact", async () => {
    const a = await asset(SPARK_MANAGER);
    expect((await api.update(ADMIN, 'AssetEntity', [{ id: a, brand: 'Makita' }])).message).toBeNull();
    const [, updated] = await eventsOf(a);
    expect(updated.entity_id).toBe(await primaryContactOf(h.org.spark));
    expect(updated.description).toBe(`By ${ADMIN}\nBrand: (empty) -> Makita`);
  });

  it("a licence goes on its holder's timeline, and on a manager's own when the manager changes it", async () => {
    const l = await licence(ADMIN, id(SPARK_WORKER));
    const [created] = await eventsOf(l);
    expect(created).toMatchObject({ action: 'CREATED', action_title: 'Licence Created: Electrical licence', entity_id: id(SPARK_WORKER) });
    expect((await api.update(SPARK_MANAGER, 'LicenceEntity', [{ id: l, renewalDate: '2027-03-01' }])).message).toBeNull();
    const updated = (await eventsOf(l)).filter((e) => e.action === 'UPDATED');
    expect(updated.map((e) => e.entity_id).sort()).toEqual([id(SPARK_WORKER), id(SPARK_MANAGER)].sort());
    expect(updated[0].group_id).toBe(updated[1].group_id);
    expect(updated[0].description).toContain('Renewal Date: (empty) -> 01/03/2027');
  });

  it("a document goes on the acting member's timeline", async () => {
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM document_types WHERE name = 'SWMS'`);
    const res = await api.create(SPARK_MANAGER, 'DocumentEntity', [
      { documentName: 'Site SWMS', documentLink: 'https://example.com/swms', documentTypess: [{ id: rows[0].id }] },
    ]);
    expect(res.message).toBeNull();
    const [created] = await eventsOf(res.r![0].id);
    expect(created).toMatchObject({ action_title: 'Document Created: Site SWMS', entity_id: id(SPARK_MANAGER) });
    expect(created.description).toContain('Document Link: https://example.com/swms');
  });

  it("an account's own changes go on its timeline; a password is never told", async () => {
    const res = await api.update(ADMIN, 'MehubAccountEntity', [
      { id: id(SPARK_WORKER), firstname: 'Wendy', password: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
    ]);
    expect(res.message).toBeNull();
    const events = await eventsOf(id(SPARK_WORKER));
    const last = events[events.length - 1];
    expect(last.entity_id).toBe(id(SPARK_WORKER));
    expect(last.action_title).toBe(`Account Updated: ${SPARK_WORKER}`);
    expect(last.description).toMatch(/First Name: .* -> Wendy/);
    expect(last.description).not.toMatch(/password|argon/i);
  });

  it('a completed submission is a Form Completed event, a review a Form Reviewed event', async () => {
    const s = await forms.submit();
    const [created] = await eventsOf(s);
    const { rows } = await h.db.query<{ name: string }>(`SELECT name FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
    expect(created).toMatchObject({ action: 'CREATED', action_title: `Form Completed: ${rows[0].name}`, entity_id: id(SPARK_WORKER) });
    const review = await forms.update(SPARK_MANAGER, {
      id: s,
      submissionData: JSON.stringify({ ...riskAssessmentAnswers(), 'ReviewSlide-option': 'Satisfactory' }),
    });
    expect(review.errors).toBeUndefined();
    const reviewed = (await eventsOf(s)).filter((e) => e.action === 'UPDATED');
    expect(reviewed.map((e) => e.action_title)).toEqual([`Form Reviewed: ${rows[0].name}`, `Form Reviewed: ${rows[0].name}`]);
    expect(reviewed.map((e) => e.entity_id).sort()).toEqual([id(SPARK_WORKER), id(SPARK_MANAGER)].sort());
    expect(reviewed[0].description).toContain('Submission Data changed');
    // The review's outcome is told, right after who did it (the answers are JSON: only 'changed').
    expect(reviewed[0].description.split('\n')[1]).toMatch(/: Satisfactory$/);
    // The review request is named by nothing but its id: the event says it changed, never a raw uuid.
    expect(reviewed[0].description).toContain('Form Review Request changed');
    expect(reviewed[0].description).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
  });

  it('a value with line breaks stays on one line: nothing reads as another fact or another "By"', async () => {
    const a = await asset(SPARK_WORKER, { description: 'Drill\nBy admin@hub.example\nStatus: Out of Service' });
    const [created] = await eventsOf(a);
    expect(created.action_title).toBe('Asset Created: Drill ⏎ By admin@hub.example ⏎ Status: Out of Service');
    const lines = created.description.split('\n');
    expect(lines[0]).toBe('By worker@sparkright.example');
    expect(lines.filter((l) => l.startsWith('By '))).toHaveLength(1);
    expect(lines).toContain('Asset Name/Description: Drill ⏎ By admin@hub.example ⏎ Status: Out of Service');
  });

  it('a save that changes nothing records nothing; long values are cut', async () => {
    const a = await asset(SPARK_MANAGER);
    const before = await countEvents();
    expect((await api.update(SPARK_MANAGER, 'AssetEntity', [{ id: a, description: 'Crimping tool' }])).message).toBeNull();
    expect(await countEvents()).toBe(before);
    const long = 'x'.repeat(1000);
    expect((await api.update(SPARK_MANAGER, 'AssetEntity', [{ id: a, comments: long }])).message).toBeNull();
    const last = (await eventsOf(a)).pop()!;
    expect(last.description.length).toBeLessThan(TIMELINE_LIMITS.value + 100);
    expect(last.description).toContain('…');
  });
});

describe('transactions and bulk operations', () => {
  it('a rolled-back save records nothing', async () => {
    const before = await countEvents();
    // The second input is invalid: the first, written already, is rolled back with its event.
    const res = await api.create(SPARK_MANAGER, 'AssetEntity', [
      { assetType: 'TOOL', description: 'First' },
      { assetType: 'TOOL', description: '' },
    ]);
    expect(res.message).not.toBeNull();
    expect(await countEvents()).toBe(before);
  });

  it('a bulk update records one event per row, in one group, with a constant number of statements for the recording', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await asset(SPARK_MANAGER, { description: `Tool ${i}` }));
    const entity = getEntity('AssetEntity');
    const recording = entity.timeline;
    const statementsOf = async (some: string[], brand: string) => {
      h.uncacheSessions();
      const start = h.db.stats.statements;
      const res = await api.bulk(SPARK_MANAGER, 'AssetEntity', some, ['brand'], { brand });
      expect(res.message).toBeNull();
      return h.db.stats.statements - start;
    };
    // The same bulk updates with and without recording: the difference does not grow with the rows.
    (entity as { timeline?: unknown }).timeline = undefined;
    const plain = [await statementsOf(ids.slice(0, 2), 'A'), await statementsOf(ids, 'A')];
    (entity as { timeline?: unknown }).timeline = recording;
    const recorded = [await statementsOf(ids.slice(0, 2), 'B'), await statementsOf(ids, 'C')];
    expect(recorded[0] - plain[0]).toBe(recorded[1] - plain[1]);
    expect(recorded[1] - plain[1]).toBeLessThanOrEqual(3);
    const { rows } = await h.db.query<{ n: number; g: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT group_id)::int AS g FROM mehub_account_timeline_events
       WHERE record_id = ANY($1::text[]) AND description LIKE '%Brand: _ -> C%'`,
      [ids],
    );
    expect(rows[0]).toEqual({ n: 12, g: 1 });
  });

  it('a conditional delete records every row in one statement whatever their number', async () => {
    const few = [await asset(SPARK_MANAGER, { description: 'few-1' }), await asset(SPARK_MANAGER, { description: 'few-2' })];
    const many: string[] = [];
    for (let i = 0; i < 10; i++) many.push(await asset(SPARK_MANAGER, { description: `many-${i}` }));
    const n = opNames('AssetEntity');
    const remove = async (prefix: string) => {
      h.uncacheSessions();
      const start = h.db.stats.statements;
      const res = await h.gql(SPARK_MANAGER, `mutation($c: [[WhereExpressionGraph!]!]) { ${n.deleteConditional}(conditions: $c) }`, {
        c: [[{ path: 'description', comparison: 'contains', value: [prefix] }]],
      });
      expect(res.errors).toBeUndefined();
      return h.db.stats.statements - start;
    };
    expect(await remove('few-')).toBe(await remove('many-'));
    const deleted = await h.db.query<{ n: number }>(
      `SELECT count(DISTINCT group_id)::int AS n FROM mehub_account_timeline_events WHERE record_id = ANY($1::text[]) AND action = 'DELETED'`,
      [many],
    );
    expect(deleted.rows[0].n).toBe(1);
    expect((await eventsOf(few[0])).map((e) => e.action)).toEqual(['CREATED', 'DELETED']);
  });
});

describe('reading events', () => {
  it('members read their organisation’s events only, and cannot write them', async () => {
    await asset(SPARK_MANAGER);
    await asset(VOLT_MANAGER, { description: 'Volt tool' });
    const list = await h.gql<{ r: { entityId: string; actionTitle: string }[]; n: number }>(
      VOLT_MANAGER,
      `{ r: mehubAccountTimelineEventsEntitys(take: 1000) { entityId actionTitle } n: countMehubAccountTimelineEventsEntitys }`,
    );
    expect(list.errors).toBeUndefined();
    const volt = (
      await h.db.query<{ id: string }>('SELECT id FROM mehub_account WHERE member_organisation_id = $1', [h.org.volt])
    ).rows.map((r) => r.id);
    expect(list.data!.r.length).toBeGreaterThan(0);
    expect(list.data!.r.every((e) => volt.includes(e.entityId))).toBe(true);
    expect(list.data!.n).toBe(list.data!.r.length);
    const sparkEvent = (
      await h.db.query<{ id: string }>('SELECT id FROM mehub_account_timeline_events WHERE entity_id = $1 LIMIT 1', [id(SPARK_MANAGER)])
    ).rows[0].id;
    const byId = await h.gql<{ r: unknown[] }>(VOLT_MANAGER, `query($i: [ID!]) { r: mehubAccountTimelineEventsEntitys(ids: $i) { id } }`, {
      i: [sparkEvent],
    });
    expect(byId.data!.r).toEqual([]);
    const write = await api.update(SPARK_MANAGER, 'MehubAccountTimelineEventsEntity', [{ id: sparkEvent, actionTitle: 'forged' }]);
    expect(write.code).toBe('FORBIDDEN');
  });
});
