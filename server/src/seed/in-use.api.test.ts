import { GROUPS } from '@hub/model';
import { isCompleteSlide, isReviewSlide, parseFormDefinition, REVIEW_OPTIONS } from '@hub/model/forms';
import type { RecentActivity, SafetySection } from '@hub/model/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../auth/session';
import { DEFAULT_ASSOCIATION_SITE_URL } from '../config';
import { startHarness, type Harness } from '../test/harness';
import { seedFirstStart } from './first-start';
import { dayFrom } from './in-use';

/**
 * The first start's demo shows the product in use (issue 10 item 11, architecture.md 'Demo
 * data'): every member page has real content on a fresh start.
 */
let h: Harness;
const now = new Date();
let seedMs = 0;

const rows = async <T>(sql: string, params: unknown[] = []) => (await h.db.query<T>(sql, params)).rows;

beforeAll(async () => {
  h = await startHarness();
  const { rows: tables } = await h.db.query<{ t: string }>(
    `SELECT string_agg(format('%I', tablename), ', ') AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'hub_migrations'`,
  );
  await h.db.query(`TRUNCATE ${tables[0].t} CASCADE`);
  const started = performance.now();
  expect(await seedFirstStart(h.db, { demo: true }, (msg, err) => console.error(msg, err))).toBe('seeded');
  seedMs = performance.now() - started;
  // What a fresh start does next: the reminder job's start-up run.
  await h.app.jobRunner.runNow('reminders', null);
  await h.app.jobRunner.idle();
  // Sessions for the demo accounts on this database (the harness's own were truncated).
  h.users = {};
  for (const u of await rows<{ id: string; email: string; org: string }>(
    'SELECT id, email, member_organisation_id AS org FROM mehub_account',
  ))
    h.users[u.email] = {
      id: u.id,
      email: u.email,
      cookie: await createSession(h.db, u.id, 'account', 12),
      organisationId: u.org,
      role: null,
    };
});
afterAll(() => h.close());

const get = async <T>(as: string, url: string) => {
  const res = await h.app.inject({ url, headers: h.headers(as) });
  expect(res.statusCode, `${as} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const gql = async <T>(as: string, query: string) => {
  const res = await h.gql<T>(as, query);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
};

interface Submission {
  id: string;
  isCompleted: boolean;
  jobNumber: string | null;
  submissionData: string;
  formReviewRequestId: string | null;
  mehubAccount: { email: string } | null;
  formVersion: { formData: string; form: { formType: string; name: string } };
}
const SUBMISSIONS = `{ r: formSubmissionsEntitys(take: 100) { id isCompleted jobNumber submissionData formReviewRequestId
  mehubAccount { email } formVersion { formData form { formType name } } } }`;

describe('the demo in use', () => {
  it('seeds quickly', () => {
    // The whole first-start seeding (plain demo and in-use data) on a fresh database; measured
    // 1.6 s on a loaded two-core machine (the plain demo alone 1.1 s).
    expect(seedMs).toBeLessThan(15_000);
  });

  it('has completed submissions in both organisations, reviewed and not, and the safety worker’s draft', async () => {
    for (const [manager, worker] of [
      ['safetymanager@sparkright.example', 'worker@sparkright.example'],
      ['safetymanager@voltline.example', 'worker@voltline.example'],
    ]) {
      const { r } = await gql<{ r: Submission[] }>(manager, SUBMISSIONS);
      const completed = r.filter((s) => s.isCompleted);
      expect(completed.length, manager).toBeGreaterThanOrEqual(5);
      expect(completed.filter((s) => s.formReviewRequestId).length, manager).toBeGreaterThanOrEqual(2);
      expect(
        completed.filter((s) => !s.formReviewRequestId && s.formVersion.formData.includes('ReviewSlide')).length,
      ).toBeGreaterThanOrEqual(2);
      expect(
        completed.every((s) => s.jobNumber),
        'job numbers copied by the submission hook',
      ).toBe(true);
      expect(new Set(completed.map((s) => s.formVersion.form.formType))).toEqual(
        new Set(['RISK_ASSESSMENT', 'INCIDENT', 'INSPECTIONS', 'MEETING_AND_TRAINING']),
      );
      // A reviewed submission carries the reviewer's outcome on its review slide.
      const reviewed = completed.find((s) => s.formReviewRequestId)!;
      expect(Object.values(REVIEW_OPTIONS)).toContain(JSON.parse(reviewed.submissionData)['ReviewSlide-option']);
      expect(completed.some((s) => s.mehubAccount?.email === worker)).toBe(true);
    }
    const mine = (await gql<{ r: Submission[] }>('safetyworker@sparkright.example', SUBMISSIONS)).r;
    const drafts = mine.filter((s) => !s.isCompleted);
    expect(drafts.map((d) => d.formVersion.form.formType)).toEqual(['INSPECTIONS']);
    expect((await rows<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions WHERE NOT is_completed'))[0].n).toBe(1);
  });

  it('shows each owner their reviews in Recent Activity, and reviewers what waits for them', async () => {
    for (const owner of ['safetyworker@sparkright.example', 'worker@sparkright.example', 'worker@voltline.example']) {
      const items = await get<RecentActivity[]>(owner, '/api/entity/ReminderLogEntity/GetRecentActivity');
      const reviews = items.filter((i) => i.requestId);
      expect(reviews.length, owner).toBeGreaterThanOrEqual(1);
      expect(reviews[0].title, owner).toMatch(/ was reviewed by (Sam Safety|Vera Lyons)$/);
      expect(reviews[0].url, owner).toMatch(/^\/user-submissions\/[A-Z_]+\/[0-9a-f-]{36}\/view\/[0-9a-f-]{36}$/);
    }
    const manager = await get<RecentActivity[]>('safetymanager@sparkright.example', '/api/entity/ReminderLogEntity/GetRecentActivity');
    expect(manager.some((i) => /is waiting for review$/.test(i.title))).toBe(true);
    expect(manager.some((i) => i.priority === 'High' && /^Asset 'Full body harness' is due for inspection on /.test(i.title))).toBe(true);
    const requests = await rows<{ show_notification: boolean; mehub_account_id: string | null; time_reviewed: string | null }>(
      'SELECT show_notification, mehub_account_id, time_reviewed FROM form_review_request',
    );
    expect(requests.length).toBe(4);
    expect(requests.every((r) => r.show_notification && r.mehub_account_id && r.time_reviewed)).toBe(true);
  });

  it('has forms whose Complete Slide notified someone, incidents included', async () => {
    const { r } = await gql<{ r: Submission[] }>('safetymanager@sparkright.example', SUBMISSIONS);
    const manager = h.users['safetymanager@sparkright.example'].id;
    const notifying = new Set<string>();
    for (const s of r.filter((x) => x.isCompleted)) {
      const parsed = parseFormDefinition(s.formVersion.formData);
      if (!parsed.ok) throw new Error(parsed.message);
      if (!parsed.definition.slides.some(isCompleteSlide)) continue;
      expect(parsed.definition.slides.at(-1)!.contents.length && isReviewSlide(parsed.definition.slides.at(-1)!)).toBe(true);
      expect(JSON.parse(s.submissionData)['complete-notify'], s.formVersion.form.name).toEqual([manager]);
      notifying.add(s.formVersion.form.formType);
    }
    expect([...notifying].sort()).toEqual(['INCIDENT', 'INSPECTIONS', 'RISK_ASSESSMENT']);
  });

  it('has three safety link sections of several links, each going to a page that exists', async () => {
    const sections = await get<SafetySection[]>('manager@sparkright.example', '/api/entity/SafetyLinkEntity/safety_list');
    expect(sections.map((s) => s.name)).toEqual(['Procedures', 'Registers', 'Resources']);
    expect(sections.every((s) => s.links.length >= 3 && s.tooltip)).toBe(true);
    const links = sections.flatMap((s) => s.links);
    expect(links.length).toBeGreaterThanOrEqual(10);
    const { rows: forms } = await h.db.query<{ id: string }>('SELECT id FROM forms');
    const formIds = new Set(forms.map((f) => f.id));
    // The member routes of web/src/app/router.tsx, or the association's site.
    const TYPE = '(RISK_ASSESSMENT|INCIDENT|INSPECTIONS|PERMITS|VERIFICATION|PROJECT|QUALITY|WORKPLACE_RELATIONS|MEETING_AND_TRAINING)';
    const exists = (url: string) =>
      ['/mesafety', '/standards', '/documentlibrary'].includes(url) ||
      new RegExp(`^/user-submissions/${TYPE}$`).test(url) ||
      (/^\/safety-form\/[0-9a-f-]{36}$/.test(url) && formIds.has(url.split('/')[2])) ||
      url.startsWith(`${DEFAULT_ASSOCIATION_SITE_URL}/`);
    for (const l of links) {
      expect(exists(l.view ?? ''), `${l.name} view ${l.view}`).toBe(true);
      if (l.create) expect(exists(l.create), `${l.name} create ${l.create}`).toBe(true);
    }
    expect(links.filter((l) => l.create).length).toBeGreaterThanOrEqual(6);
  });

  it("suggests the organisation's SWMS on the risk assessment's Attach documents page", async () => {
    const { forms } = await gql<{ forms: { name: string; documentTypess: { name: string }[] }[] }>(
      'safetymanager@sparkright.example',
      '{ forms: formsEntitys(conditions: [[{ path: "formType", comparison: equal, value: ["RISK_ASSESSMENT"] }]]) { name documentTypess { name } } }',
    );
    expect(forms.map((f) => f.documentTypess.map((t) => t.name))).toEqual([['SWMS']]);
    const { docs } = await gql<{ docs: { documentTypess: { name: string }[] }[] }>(
      'safetymanager@sparkright.example',
      '{ docs: documentEntitys(conditions: [[{ path: "status", comparison: equal, value: ["ACTIVE"] }]]) { documentTypess { name } } }',
    );
    expect(docs.some((d) => d.documentTypess.some((t) => t.name === 'SWMS'))).toBe(true);
  });

  it('has a news notice with showtime, and 4 to 6 standards with 2 or 3 guidance notes each', async () => {
    const { news } = await gql<{ news: { notice: string; showtime: boolean }[] }>(
      'worker@sparkright.example',
      '{ news: newsEntitys { notice showtime } }',
    );
    expect(news.some((n) => n.notice.length > 20 && n.showtime)).toBe(true);
    const { standards } = await gql<{ standards: { name: string; guidancess: { name: string }[] }[] }>(
      'worker@sparkright.example',
      '{ standards: standardEntitys { name guidancess { name } } }',
    );
    expect(standards.length).toBeGreaterThanOrEqual(4);
    expect(standards.length).toBeLessThanOrEqual(6);
    for (const s of standards) expect([2, 3], s.name).toContain(s.guidancess.length);
  });

  it('has records falling due, and the reminder job’s logs and mail for them', async () => {
    const logs = await rows<{
      reminder_type: string;
      trigger_type: string;
      description: string;
      owner: string;
      entity_id: string;
      email: string;
    }>(
      `SELECT r.reminder_type, r.trigger_type, r.description, r.owner, r."entity_id", a.email
         FROM reminder_log r JOIN mehub_account a ON a.id = r.mehub_account_id`,
    );
    const shown = (day: string) => day.split('-').reverse().join('/');
    for (const org of ['sparkright', 'voltline']) {
      const of = (trigger: string) => logs.filter((l) => l.trigger_type === trigger && l.email.endsWith(`@${org}.example`));
      const [licence] = of('LICENCE_DUE');
      expect(licence, org).toBeTruthy();
      expect(licence.reminder_type).toBe('REMINDER_ONE');
      expect(licence.owner).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      const [row] = await rows<{ renewal_date: string }>('SELECT renewal_date::text FROM licence WHERE id = $1', [licence.entity_id]);
      expect(row.renewal_date).toBe(dayFrom(now, 20));
      expect(licence.description).toContain(shown(dayFrom(now, 20)));
      const [asset] = of('ASSET_INSPECTION');
      expect(asset.reminder_type).toBe('DUE_DATE');
      const [a] = await rows<{ next_inspection: string }>('SELECT next_inspection::text FROM asset WHERE id = $1', [asset.entity_id]);
      expect(a.next_inspection).toBe(dayFrom(now, 0));
      expect(of('ASSET_SERVICE')[0].reminder_type).toBe('REMINDER_TWO');
      expect(of('ASSET_REGISTRATION')[0].reminder_type).toBe('REMINDER_ONE');
      expect(of('DOCUMENT_ANNUAL_REVIEW')[0].reminder_type).toBe('REMINDER_TWO');
      expect(of('LICENCE_PENDING')[0].reminder_type).toBe('REMINDER_ONE');
      expect(of('DOCUMENT_PENDING')[0].reminder_type).toBe('REMINDER_ONE');
    }
    // Each of them mailed, once per person.
    const mail = await rows<{ to: string; n: number }>(
      `SELECT "to", count(*)::int AS n FROM mail_outbox WHERE subject LIKE 'Reminder:%' GROUP BY "to"`,
    );
    expect(mail.length).toBe(new Set(logs.map((l) => l.email)).size);
    expect(mail.every((m) => m.n === 1)).toBe(true);
    // The safety worker sees their licence and the harness they are assigned, with links to them.
    const items = await get<RecentActivity[]>('safetyworker@sparkright.example', '/api/entity/ReminderLogEntity/GetRecentActivity');
    expect(items.find((i) => /^Licence 'Working at heights' of .+ is due for renewal on /.test(i.title))?.url).toMatch(
      /^\/users\/[0-9a-f-]{36}\/licences\/view\/[0-9a-f-]{36}$/,
    );
    expect(items.find((i) => /^Asset 'Full body harness' is due for inspection on /.test(i.title))?.url).toMatch(/^\/assets\/view\//);
  });

  it('lists several active documents of each organisation in the library, and keeps pending ones out', async () => {
    for (const who of ['safetymanager@sparkright.example', 'worker@voltline.example']) {
      const lib = await get<{ userLibrary: { name: string; view: string | null }[] }>(who, '/api/entity/SafetyLinkEntity/documents_list');
      expect(lib.userLibrary.length, who).toBeGreaterThanOrEqual(5);
      expect(lib.userLibrary.every((d) => d.view?.startsWith('https://'))).toBe(true);
      expect(lib.userLibrary.some((d) => /draft/.test(d.name))).toBe(false);
    }
    expect((await rows<{ n: number }>(`SELECT count(*)::int AS n FROM document WHERE status = 'PENDING'`))[0].n).toBe(2);
  });

  it('writes the home page links for the tiles that show them', async () => {
    const { links } = await gql<{ links: { name: string; summary: string; tooltip: string }[] }>(
      'worker@sparkright.example',
      '{ links: homePageLinkEntitys { name summary tooltip } }',
    );
    expect(links.map((l) => l.name).sort()).toEqual(
      ['Safety', 'Standards', 'Employment-HR', 'Member Benefits', 'Technical', 'Legal', 'Industry Updates', 'Business Growth'].sort(),
    );
    expect(links.every((l) => l.summary.length > 20 && l.tooltip.length > 5)).toBe(true);
    // Tile 3 is My Documents and tile 5 MEA Documents: their links' texts say so.
    expect(links.find((l) => l.name === 'Employment-HR')!.summary).toMatch(/documents/i);
    expect(links.find((l) => l.name === 'Technical')!.tooltip).toBe('MEA Master Library');
  });

  it('gives back-end access to Sparkright’s safety manager only', async () => {
    const groups = await rows<{ email: string }>(
      'SELECT a.email FROM user_group g JOIN mehub_account a ON a.id = g.user_id WHERE g.group_name = $1',
      [GROUPS.memberBackoffice],
    );
    expect(groups.map((g) => g.email)).toEqual(['safetymanager@sparkright.example']);
  });
});
