import { EXTERNAL_PAGES, FEEDBACK_MAX_LENGTH, type RecentActivity, type SiteConfig } from '@hub/model/site';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { loadConfig } from '../config';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { insertRow } from '../test/rows';
import { FEEDBACK_PER_HOUR, feedbackMessages } from './feedback-routes';

/** The member site's frame, page views, recent activity and the contact form (member-site.md sections 2, 4, 7). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const send = (app: Harness, who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.app.inject({
    method,
    url,
    headers: { ...app.headers(who), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const insert = (table: string, row: Record<string, unknown>) => insertRow(h.db, table, row);

describe('GET /api/site', () => {
  it('answers visitors and members the configured association links, support phone and test mode', async () => {
    for (const who of [null, SPARK_WORKER, ADMIN]) {
      const res = await send(h, who, 'GET', '/api/site');
      expect(res.statusCode).toBe(200);
      const site = res.json() as SiteConfig;
      expect(Object.keys(site.links).sort()).toEqual([...EXTERNAL_PAGES].sort());
      for (const url of Object.values(site.links)) expect(url).toMatch(/^https:\/\/www\.masterelectricians\.com\.au\//);
      expect(site).toMatchObject({ supportPhone: null, testMode: false });
    }
  });

  it('answers a visitor whose session cookie has ended (the frame shows before sign-in)', async () => {
    const stale = { ...h.headers(null), cookie: `${SESSION_COOKIE}=ended-session; ${h.headers(null).cookie}` };
    const site = await h.app.inject({ method: 'GET', url: '/api/site', headers: stale });
    expect(site.statusCode).toBe(200);
    // Recording a page view stays for signed-in people.
    const view = await h.app.inject({
      method: 'POST',
      url: '/api/site/page-view',
      headers: { ...stale, 'content-type': 'application/json' },
      payload: { page: 'home' },
    });
    expect([401, 403]).toContain(view.statusCode); // 403 when the anti-forgery token names no session
    expect((await h.db.query('SELECT 1 FROM page_view')).rows).toEqual([]);
  });

  it('takes ASSOCIATION_SITE_URL, ASSOCIATION_LINK_<PAGE>, SUPPORT_PHONE and HUB_TEST_MODE from the environment', () => {
    const c = loadConfig({
      ASSOCIATION_SITE_URL: 'https://association.example/',
      ASSOCIATION_LINK_LEGAL: 'https://legal.example/help',
      ASSOCIATION_LINK_MASTER_PROGRAM: 'http://programs.example/master',
      SUPPORT_PHONE: '1300 889 198',
      SUPPORT_EMAIL: 'help@association.example',
      HUB_TEST_MODE: 'true',
    }).site;
    expect(c.links.legal).toBe('https://legal.example/help');
    expect(c.links.masterProgram).toBe('http://programs.example/master');
    expect(c.links.events).toBe('https://association.example/events');
    expect(c).toMatchObject({ supportPhone: '1300 889 198', supportEmail: 'help@association.example', testMode: true });
    expect(loadConfig({}).site.testMode).toBe(false);
  });

  it('refuses at start-up an association address that is not absolute http(s)', () => {
    for (const [name, value] of [
      ['ASSOCIATION_SITE_URL', 'www.example.org'],
      ['ASSOCIATION_SITE_URL', 'ftp://example.org'],
      ['ASSOCIATION_LINK_LEGAL', 'javascript:alert(1)'],
      ['ASSOCIATION_LINK_HR', '/hr'],
      ['ASSOCIATION_LINK_EVENTS', '//evil.example/x'],
      ['ASSOCIATION_LINK_PROFILE', 'https://user:pw@example.org/'],
    ])
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(`${name} must be an absolute http(s) address`);
    expect(() => loadConfig({ SUPPORT_PHONE: '<script>' })).toThrow(/SUPPORT_PHONE/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe('POST /api/site/page-view', () => {
  const views = async () => (await h.db.query<{ user_id: string; page: string }>('SELECT user_id, page FROM page_view')).rows;

  it('records a signed-in member opening home; a visitor gets 401', async () => {
    expect((await send(h, null, 'POST', '/api/site/page-view', { page: 'home' })).statusCode).toBe(401);
    expect(await views()).toEqual([]);
    const res = await send(h, SPARK_WORKER, 'POST', '/api/site/page-view', { page: 'home' });
    expect(res.statusCode).toBe(204);
    expect(await views()).toEqual([{ user_id: h.users[SPARK_WORKER].id, page: 'home' }]);
    expect((await send(h, ADMIN, 'POST', '/api/site/page-view', { page: 'home' })).statusCode).toBe(204);
  });

  it('accepts only pages of the allow-list and refuses hostile bodies (400)', async () => {
    for (const body of [
      { page: 'admin' },
      { page: ['home'] },
      { page: 'x'.repeat(10_000) },
      {},
      { page: 'home', user: 'x' },
      '{"__proto__":{"page":"home"}}',
      '[]',
    ]) {
      const res = await send(h, SPARK_WORKER, 'POST', '/api/site/page-view', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toBeTruthy();
    }
    expect((await send(h, SPARK_WORKER, 'POST', '/api/site/page-view', { page: 'ho\u0000me' })).statusCode).toBe(400);
    expect(await views()).toEqual([]);
  });
});

describe('POST /api/entity/FeedbackAndHelpEntity', () => {
  const URL = '/api/entity/FeedbackAndHelpEntity';
  const saved = async () =>
    (
      await h.db.query<{ id: string; category: string; email: string; information: string }>(
        'SELECT id, category, email, information FROM feedback_and_help',
      )
    ).rows;

  it('saves a member’s message with their own email (a different client value is ignored): 201 with the id', async () => {
    const res = await send(h, SPARK_WORKER, 'POST', URL, {
      category: 'HELP',
      email: 'someone@else.example',
      information: 'How do I add a user?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect(await saved()).toEqual([{ id, category: 'HELP', email: SPARK_WORKER, information: 'How do I add a user?' }]);
    expect(h.mail).toEqual([]); // no SUPPORT_EMAIL configured: saved only
    expect((await send(h, ADMIN, 'POST', URL, { category: 'FEEDBACK', information: 'Fine' })).statusCode).toBe(201);
  });

  it('refuses visitors (401) and bad input (400) in the error shape, saving nothing', async () => {
    expect((await send(h, null, 'POST', URL, { category: 'HELP', information: 'x' })).statusCode).toBe(401);
    for (const body of [
      { category: 'HELP' },
      { category: 'HELP', information: '   ' },
      { category: 'HELP', information: 'x'.repeat(FEEDBACK_MAX_LENGTH + 1) },
      { category: 'OTHER', information: 'x' },
      { category: ['HELP'], information: 'x' },
      { category: 'HELP', information: ['x'] },
      { category: 'HELP', information: 'x', email: ['a@b.c'] },
      { category: 'HELP', information: 'x', extra: 1 },
      '{"category":"HELP","information":"x","__proto__":{"admin":true}}',
    ]) {
      const res = await send(h, SPARK_WORKER, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('errors.0.message');
    }
    const nul = await send(h, SPARK_WORKER, 'POST', URL, { category: 'HELP', information: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await saved()).toEqual([]);
    expect((await send(h, SPARK_WORKER, 'POST', URL, { category: 'HELP', information: 'x'.repeat(FEEDBACK_MAX_LENGTH) })).statusCode).toBe(
      201,
    );
  });

  it('takes at most FEEDBACK_PER_HOUR messages an hour from one person (429, nothing saved), others unaffected', async () => {
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++)
      expect((await send(h, SPARK_WORKER, 'POST', URL, { category: 'HELP', email: '', information: `Message ${i}` })).statusCode).toBe(201);
    const refused = await send(h, SPARK_WORKER, 'POST', URL, { category: 'HELP', email: '', information: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].message).toBe(feedbackMessages.tooMany);
    const saved = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM feedback_and_help WHERE information = 'One too many'");
    expect(saved.rows[0].n).toBe(0);
    expect((await send(h, VOLT_MANAGER, 'POST', URL, { category: 'HELP', email: '', information: 'Still heard' })).statusCode).toBe(201);
  });

  it('mails SUPPORT_EMAIL when configured', async () => {
    const other = await (
      await import('../test/harness')
    ).startHarness({
      share: h,
      config: { site: { ...loadConfig({}).site, supportEmail: 'help@association.example' } },
    });
    try {
      const res = await send(other, VOLT_MANAGER, 'POST', URL, { category: 'FEEDBACK', email: 'x@y.z', information: 'Easy to find.' });
      expect(res.statusCode).toBe(201);
      expect(other.mail).toHaveLength(1);
      expect(other.mail[0]).toMatchObject({ to: 'help@association.example', subject: `Safety Hub feedback from ${VOLT_MANAGER}` });
      expect(other.mail[0].text).toContain('Easy to find.');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/entity/ReminderLogEntity/GetRecentActivity', () => {
  const URL = '/api/entity/ReminderLogEntity/GetRecentActivity';
  const activity = async (who: string) => {
    const res = await send(h, who, 'GET', URL);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RecentActivity[];
  };

  /** A completed submission of the worker on the risk assessment form, reviewed (with its notification on) or not. */
  async function submission(
    owner: string,
    review: { by: string; notify: boolean } | null,
    modified = '2026-01-01 10:00:00',
    formType = 'RISK_ASSESSMENT',
  ) {
    const form = (
      await h.db.query<{ id: string; v: string; name: string; form_type: string }>(
        'SELECT id, published_version_id AS v, name, form_type FROM forms WHERE published_version_id IS NOT NULL AND form_type = $1 ORDER BY name LIMIT 1',
        [formType],
      )
    ).rows[0];
    const id = await insert('form_submissions', {
      is_completed: true,
      form_version_id: form.v,
      mehub_account_id: h.users[owner].id,
      submission_data: {},
      modified,
    });
    let requestId: string | null = null;
    if (review) {
      requestId = await insert('form_review_request', {
        form_submissions_id: id,
        mehub_account_id: h.users[review.by].id,
        show_notification: review.notify,
        time_reviewed: '2026-02-03 04:05:06',
      });
      await h.db.query('UPDATE form_submissions SET form_review_request_id = $1 WHERE id = $2', [requestId, id]);
    }
    return { id, requestId, form };
  }
  const names = async (email: string) =>
    (await h.db.query<{ n: string }>("SELECT concat_ws(' ', firstname, surname) AS n FROM mehub_account WHERE email = $1", [email])).rows[0]
      .n;

  it('tells the owner their submission was reviewed, until they view it (PUT FormReviewRequestEntity)', async () => {
    const { id, requestId, form } = await submission(SPARK_WORKER, { by: SPARK_MANAGER, notify: true });
    await submission(SPARK_WORKER, { by: SPARK_MANAGER, notify: false });
    const mine = (await activity(SPARK_WORKER)).filter((a) => a.requestId !== null && a.url?.endsWith(id));
    expect(mine).toEqual([
      {
        owner: await names(SPARK_WORKER),
        title: `${form.name} was reviewed by ${await names(SPARK_MANAGER)}`,
        priority: 'Medium',
        url: `/user-submissions/${form.form_type}/${form.id}/view/${id}`,
        requestId,
        date: '2026-02-03T04:05:06.000Z',
      },
    ]);
    expect((await activity(SPARK_WORKER)).filter((a) => a.requestId !== null)).toHaveLength(
      (
        await h.db.query(
          'SELECT 1 FROM form_review_request r JOIN form_submissions s ON s.id = r.form_submissions_id WHERE r.show_notification AND s.mehub_account_id = $1',
          [h.users[SPARK_WORKER].id],
        )
      ).rows.length,
    );
    const put = await send(h, SPARK_WORKER, 'PUT', '/api/entity/FormReviewRequestEntity', { id: requestId, showNotification: false });
    expect(put.statusCode, put.body).toBe(200);
    expect((await activity(SPARK_WORKER)).some((a) => a.requestId === requestId)).toBe(false);
  });

  it('shows reviewers the completed submissions of their organisation waiting for review; never another organisation’s', async () => {
    const { id, form } = await submission(SPARK_WORKER, null, '2030-01-01 00:00:00');
    const waiting = (await activity(SPARK_MANAGER)).find((a) => a.url?.endsWith(id));
    expect(waiting).toEqual({
      owner: await names(SPARK_WORKER),
      title: `${form.name} submitted by ${await names(SPARK_WORKER)} is waiting for review`,
      priority: 'Medium',
      url: `/user-submissions/${form.form_type}/${form.id}/edit/${id}`,
      requestId: null,
      date: '2030-01-01T00:00:00.000Z',
    });
    // Not a reviewer's item for the worker, nor anything of Sparkright's for Voltline's manager.
    expect((await activity(SPARK_WORKER)).some((a) => a.url?.endsWith(id))).toBe(false);
    const volt = await activity(VOLT_MANAGER);
    expect(volt.some((a) => a.url?.endsWith(id))).toBe(false);
    const sparkNames = [await names(SPARK_WORKER), await names(SPARK_MANAGER)];
    expect(volt.filter((a) => sparkNames.includes(a.owner))).toEqual([]);
  });

  it('waiting for review lists only forms with a review slide, and never the reviewer’s own submissions', async () => {
    const meeting = await submission(SPARK_WORKER, null, '2030-01-02 00:00:00', 'MEETING_AND_TRAINING');
    const own = await submission(SPARK_MANAGER, null, '2030-01-03 00:00:00');
    const other = await submission(SPARK_WORKER, null, '2030-01-04 00:00:00');
    const items = await activity(SPARK_MANAGER);
    expect(items.some((a) => a.url?.endsWith(other.id))).toBe(true);
    expect(items.some((a) => a.url?.endsWith(meeting.id))).toBe(false);
    expect(items.some((a) => a.url?.endsWith(own.id))).toBe(false);
  });

  it('lists the caller’s own reminder logs with their priority, newest first and bounded', async () => {
    const me = h.users[SPARK_WORKER].id;
    await insert('reminder_log', {
      mehub_account_id: me,
      reminder_type: 'DUE_DATE',
      description: 'Tag and test due',
      trigger_date: '2031-05-01 09:00:00',
    });
    await insert('reminder_log', {
      mehub_account_id: me,
      reminder_type: 'REMINDER_TWO',
      description: 'Licence renewal soon',
      trigger_date: '2031-04-01 09:00:00',
    });
    await insert('reminder_log', {
      mehub_account_id: me,
      reminder_type: 'REMINDER_ONE',
      description: 'Inspection next month',
      trigger_date: '2031-03-01 09:00:00',
    });
    await insert('reminder_log', {
      mehub_account_id: h.users[VOLT_MANAGER].id,
      reminder_type: 'DUE_DATE',
      description: 'Volt only',
      trigger_date: '2031-06-01 09:00:00',
    });
    const items = await activity(SPARK_WORKER);
    expect(items.slice(0, 3).map((a) => [a.title, a.priority, a.url, a.requestId])).toEqual([
      ['Tag and test due', 'High', null, null],
      ['Licence renewal soon', 'Medium', null, null],
      ['Inspection next month', 'Low', null, null],
    ]);
    expect(items.some((a) => a.title === 'Volt only')).toBe(false);
    expect((await activity(VOLT_MANAGER)).some((a) => a.title === 'Volt only')).toBe(true);
    for (let i = 0; i < 60; i++)
      await insert('reminder_log', { mehub_account_id: me, reminder_type: 'REMINDER_ONE', description: `R${i}` });
    const many = await activity(SPARK_WORKER);
    expect(many).toHaveLength(50);
    expect([...many].sort((a, b) => b.date.localeCompare(a.date))).toEqual(many);
  });

  it('is empty for administrators and 401 for visitors', async () => {
    await submission(SPARK_WORKER, null);
    expect(await activity(ADMIN)).toEqual([]);
    expect(await activity(SUPER)).toEqual([]);
    expect((await send(h, null, 'GET', URL)).statusCode).toBe(401);
  });
});
