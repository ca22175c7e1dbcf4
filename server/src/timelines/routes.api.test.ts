import { timelineMessages, TIMELINE, type QuickJumpOption, type TimelineGroup } from '@hub/model/timeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SPARK_MANAGER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';

/** The timeline REST calls: action-types, quick-jump-options, timeline-graph-data (back-office 7). */

let h: Harness;
const E = 'MehubAccountTimelineEventsEntity';
let spark: string;
let volt: string;

/** Events at fixed moments: three on Sparkright's manager, one on Voltline's. */
beforeAll(async () => {
  h = await startHarness();
  spark = h.users[SPARK_MANAGER].id;
  volt = h.users[VOLT_MANAGER].id;
  await h.db.query('DELETE FROM mehub_account_timeline_events');
  const add = (account: string, created: string, action: string, title: string) =>
    h.db.query(
      `INSERT INTO mehub_account_timeline_events (created, action, action_title, description, group_id, entity_id, member_organisation_id)
       VALUES ($1::timestamp, $2, $3, 'By test', 'g', $4, (SELECT member_organisation_id FROM mehub_account WHERE id = $4))`,
      [created, action, title, account],
    );
  await add(spark, '2026-01-10 09:00:00', 'CREATED', 'Asset Created: Drill');
  await add(spark, '2026-01-10 09:30:00', 'UPDATED', 'Asset Updated: Drill');
  await add(spark, '2026-03-02 23:30:00', 'DELETED', 'Asset Deleted: Drill');
  await add(volt, '2026-02-15 12:00:00', 'CREATED', 'Asset Created: Volt secret');
});
afterAll(() => h.close());

const post = (who: string | null, path: string, body: unknown) =>
  h.app.inject({
    method: 'POST',
    url: `/api/entity/${path}`,
    headers: { ...h.headers(who), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const range = { startDate: '2026-01-01 00:00:00', endDate: '2026-04-01 00:00:00' };

describe('GET action-types', () => {
  it('answers the three action types for the account and the events entity', async () => {
    for (const entity of ['MehubAccountEntity', E]) {
      const res = await h.app.inject({ url: `/api/entity/${entity}/action-types`, headers: h.headers(SPARK_MANAGER) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(['Created', 'Updated', 'Deleted']);
    }
  });

  it('refuses a visitor, and an entity without a timeline with a 404 naming it', async () => {
    expect((await h.app.inject({ url: `/api/entity/${E}/action-types` })).statusCode).toBe(401);
    for (const name of ['AssetEntity', 'Nope', '__proto__', 'constructor']) {
      const res = await h.app.inject({ url: `/api/entity/${name}/action-types`, headers: h.headers(ADMIN) });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].message).toBe(timelineMessages.notTimeline(name));
    }
  });
});

describe('POST quick-jump-options', () => {
  it('answers the months and weeks that hold events, latest first', async () => {
    const months = await post(ADMIN, `${E}/quick-jump-options`, { timeFrame: 'Months', conditions: [] });
    expect(months.statusCode).toBe(200);
    expect(months.json()).toEqual<QuickJumpOption[]>([
      { startDate: '2026-03-01 00:00:00' },
      { startDate: '2026-02-01 00:00:00' },
      { startDate: '2026-01-01 00:00:00' },
    ]);
    const weeks = await post(ADMIN, `${E}/quick-jump-options`, { timeFrame: 'Weeks' });
    // Mondays: 2026-03-02, 2026-02-09, 2026-01-05.
    expect(weeks.json()).toEqual([
      { startDate: '2026-03-02 00:00:00' },
      { startDate: '2026-02-09 00:00:00' },
      { startDate: '2026-01-05 00:00:00' },
    ]);
  });

  it("starts months in the viewer's time zone", async () => {
    // 2026-03-02 23:30 UTC is already March 3rd in Sydney; 2026-01-10 is January there too.
    const res = await post(ADMIN, `${E}/quick-jump-options`, { timeFrame: 'Months', timeZoneId: 'Australia/Sydney' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ startDate: '2026-02-28 13:00:00' });
  });

  it('applies the conditions, and a member sees only their organisation’s periods', async () => {
    const one = await post(ADMIN, `${E}/quick-jump-options`, {
      timeFrame: 'Months',
      conditions: [[{ path: 'entityId', comparison: 'equal', value: [volt] }]],
    });
    expect(one.json()).toEqual([{ startDate: '2026-02-01 00:00:00' }]);
    const member = await post(SPARK_MANAGER, `${E}/quick-jump-options`, { timeFrame: 'Months' });
    expect(member.json()).not.toContainEqual({ startDate: '2026-02-01 00:00:00' });
    const probing = await post(SPARK_MANAGER, `${E}/quick-jump-options`, {
      conditions: [[{ path: 'entityId', comparison: 'equal', value: [volt] }]],
    });
    expect(probing.json()).toEqual([]);
  });

  it('refuses bad input with a 400 and a message', async () => {
    const bad: [unknown, RegExp][] = [
      [{ timeFrame: 'Days' }, /timeFrame/],
      [{ timeZoneId: 'Mars/Olympus' }, /not a known time zone/],
      [{ conditions: [[{ path: 'password', comparison: 'equal', value: ['x'] }]] }, /./],
      [{ conditions: [[{ path: 'nope', comparison: 'equal', value: ['x'] }]] }, /./],
      [{ conditions: 'x' }, /conditions/],
      [{ extra: 1 }, /Unknown field 'extra'/],
      [JSON.parse('{"__proto__": {"x": 1}}'), /./],
    ];
    for (const [body, message] of bad) {
      const res = await post(ADMIN, `${E}/quick-jump-options`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toMatch(message);
    }
    expect((await post(null, `${E}/quick-jump-options`, {})).statusCode).toBe(401);
    expect((await post(ADMIN, 'AssetEntity/quick-jump-options', {})).statusCode).toBe(404);
  });
});

describe('POST timeline-graph-data', () => {
  it('cuts the range into equal slots and answers the non-empty ones with their latest event', async () => {
    const res = await post(ADMIN, `${E}/timeline-graph-data`, { conditions: [], dateRange: range });
    expect(res.statusCode).toBe(200);
    const groups = res.json<TimelineGroup[]>();
    expect(groups.map((g) => g.numberOfResults)).toEqual([2, 1, 1]);
    expect(groups[0].firstResult).toMatchObject({ actionTitle: 'Asset Updated: Drill', action: 'UPDATED', entityId: spark });
    expect(groups[0].showInformation).toBe(false);
    expect(groups[1].showInformation).toBe(true);
    const span = Date.parse('2026-04-01T00:00:00Z') - Date.parse('2026-01-01T00:00:00Z');
    const { startDate, endDate } = groups[0].dateTimeGroup;
    expect(Date.parse(`${endDate.replace(' ', 'T')}Z`) - Date.parse(`${startDate.replace(' ', 'T')}Z`)).toBeCloseTo(
      span / TIMELINE.graphGroups,
      -4,
    );
    expect(Date.parse(`${startDate.replace(' ', 'T')}Z`)).toBeLessThanOrEqual(Date.parse('2026-01-10T09:00:00Z'));
  });

  it('shows information for every slot at the narrowest zoom', async () => {
    const res = await post(ADMIN, `${E}/timeline-graph-data`, {
      dateRange: { startDate: '2026-01-10 06:00:00', endDate: '2026-01-10 13:00:00' },
    });
    expect(res.json<TimelineGroup[]>().map((g) => [g.numberOfResults, g.showInformation])).toEqual([
      [1, true],
      [1, true],
    ]);
  });

  it('filters by action and account, and a member never sees another organisation’s events', async () => {
    const deleted = await post(ADMIN, `${E}/timeline-graph-data`, {
      conditions: [[{ path: 'action', comparison: 'equal', value: ['DELETED'] }]],
      dateRange: range,
    });
    expect(deleted.json<TimelineGroup[]>().map((g) => g.firstResult.actionTitle)).toEqual(['Asset Deleted: Drill']);
    const member = await post(SPARK_MANAGER, `${E}/timeline-graph-data`, { dateRange: range });
    const titles = member.json<TimelineGroup[]>().map((g) => g.firstResult.actionTitle);
    expect(titles).not.toContain('Asset Created: Volt secret');
    expect(member.json<TimelineGroup[]>().reduce((n, g) => n + g.numberOfResults, 0)).toBe(3);
    const probing = await post(SPARK_MANAGER, `MehubAccountEntity/timeline-graph-data`, {
      conditions: [[{ path: 'entity.email', comparison: 'equal', value: [VOLT_MANAGER] }]],
      dateRange: range,
    });
    expect(probing.json()).toEqual([]);
  });

  it('refuses bad ranges and input with a 400 and a message', async () => {
    const bad: [unknown, RegExp][] = [
      [{ dateRange: { startDate: '2026-02-01 00:00:00', endDate: '2026-01-01 00:00:00' } }, /start before it ends/],
      [{ dateRange: { startDate: '1990-01-01 00:00:00', endDate: '2026-01-01 00:00:00' } }, /ten years/],
      [{ dateRange: { startDate: 'yesterday', endDate: '2026-01-01 00:00:00' } }, /dateRange.startDate/],
      [{ dateRange: { startDate: '2026-13-45 00:00:00', endDate: '2026-01-01 00:00:00' } }, /dateRange.startDate/],
      [{}, /dateRange/],
      [{ dateRange: range, conditions: [[{ path: 'created', comparison: 'greaterThan', value: ['not a date'] }]] }, /./],
      [{ dateRange: range, conditions: Array.from({ length: 51 }, () => []) }, /conditions/],
    ];
    for (const [body, message] of bad) {
      const res = await post(ADMIN, `${E}/timeline-graph-data`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toMatch(message);
    }
    expect((await post(null, `${E}/timeline-graph-data`, { dateRange: range })).statusCode).toBe(401);
  });
});
