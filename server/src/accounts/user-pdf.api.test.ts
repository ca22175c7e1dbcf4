import { pdfText } from '../test/pdf-text';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userPdfMessages } from '../access/user-pdf';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { attachment, isActiveAccount, pdfFileName, renderUserPdf, userPdfRouteMessages } from './user-pdf';

/** GET /api/entity/MehubAccountEntity/pdf/{id}: who gets a user's profile PDF, and what it shows. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const SAFETY_WORKER = 'safetyworker@sparkright.example';
const MANAGER = 'manager@sparkright.example';
const VOLT_WORKER = 'worker@voltline.example';

const pdfOf = (who: string | null, id: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url: `/api/entity/MehubAccountEntity/pdf/${id}`, headers: { ...h.headers(who), ...headers } });

describe('the user profile PDF', () => {
  it("shows the profile, organisation, role, status, primary contact and licences, as '{display name}.pdf'", async () => {
    const owner = await h.db.query<{ id: string; email: string }>(
      `SELECT a.id, a.email FROM licence l JOIN mehub_account a ON a.id = l.mehub_account_id WHERE a.member_organisation_id = $1 LIMIT 1`,
      [h.org.spark],
    );
    const { id, email } = owner.rows[0];
    await h.db.query(
      `UPDATE mehub_account SET mobile_number = '0400 000 000', street_address1 = '1 Spark Lane', city = 'Melbourne', postcode = '3000', start_date = '2024-02-01' WHERE id = $1`,
      [id],
    );
    await h.db.query('UPDATE member_organisation SET primary_contact_id = $1 WHERE id = $2', [id, h.org.spark]);
    const res = await pdfOf(SPARK_MANAGER, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { rows } = await h.db.query<{ n: string }>(`SELECT firstname || ' ' || surname AS n FROM mehub_account WHERE id = $1`, [id]);
    expect(res.headers['content-disposition']).toBe(attachment(`${rows[0].n}.pdf`));
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      rows[0].n,
      email,
      '0400 000 000',
      '1 Spark Lane, Melbourne VIC 3000, Australia',
      'Sparkright Electrical',
      '01/02/2024',
      'Active',
      'Primary contact',
      'Electrical licence',
      'Energy Safe Victoria',
      '30/06/2027',
      'Type: Electrical',
    ])
      expect(text, expected).toContain(expected);
  });

  it('is given to the account itself, its managers, back-end holders and administrators', async () => {
    const worker = h.users[SPARK_WORKER].id;
    for (const who of [SPARK_WORKER, SPARK_MANAGER, MANAGER, ADMIN]) expect((await pdfOf(who, worker)).statusCode, who).toBe(200);
    // A Worker may not export a colleague's profile.
    const res = await pdfOf(SPARK_WORKER, h.users[MANAGER].id);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(userPdfMessages.others);
  });

  it('is refused to a SafetyWorker, their own profile included', async () => {
    for (const id of [h.users[SAFETY_WORKER].id, h.users[SPARK_WORKER].id]) {
      const res = await pdfOf(SAFETY_WORKER, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toBe(userPdfMessages.role);
    }
  });

  it("is not found for another organisation's user, an unknown id, an administrator's id; bad ids, visitors and tokens refused", async () => {
    for (const [who, id] of [
      [VOLT_MANAGER, h.users[SPARK_WORKER].id],
      [SPARK_MANAGER, h.users[VOLT_WORKER].id],
      [SPARK_MANAGER, crypto.randomUUID()],
      [SPARK_MANAGER, h.users[ADMIN].id],
    ] as const) {
      const res = await pdfOf(who, id);
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json().errors[0].message).toBe(userPdfRouteMessages.notFound);
    }
    let res = await pdfOf(SPARK_MANAGER, '..%2F..%2Fetc%2Fpasswd');
    expect(res.statusCode).toBe(400);
    res = await pdfOf(SPARK_MANAGER, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(userPdfRouteMessages.invalidId);
    res = await pdfOf(null, h.users[SPARK_WORKER].id);
    expect(res.statusCode).toBe(401);
    const key = await h.app.inject({
      method: 'POST',
      url: '/api/account/generate-key',
      headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
      payload: '{}',
    });
    res = await h.app.inject({
      method: 'GET',
      url: `/api/entity/MehubAccountEntity/pdf/${h.users[SPARK_WORKER].id}`,
      headers: { authorization: `Bearer ${key.json().key}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('pieces of the PDF', () => {
  it('counts an account active from the start of today (UTC) by Lastsyncdate', () => {
    const now = new Date('2026-05-10T08:00:00Z');
    expect(isActiveAccount('2026-05-10T00:00:00Z', now)).toBe(true);
    expect(isActiveAccount('2026-05-09T23:59:59Z', now)).toBe(false);
    expect(isActiveAccount(null, now)).toBe(false);
  });

  it('makes a safe file name and header from any display name', () => {
    expect(pdfFileName('../../etc/passwd')).toBe('etc passwd.pdf');
    expect(pdfFileName('"Zoë" <O\'Brien>\r\n')).toBe("Zoë O'Brien.pdf");
    expect(pdfFileName('')).toBe('User.pdf');
    expect(attachment('Zoë.pdf')).toBe(`attachment; filename="Zo_.pdf"; filename*=UTF-8''Zo%C3%AB.pdf`);
  });

  it('renders names outside the PDF fonts without failing', async () => {
    const pdf = await renderUserPdf({
      name: 'Łukasz 李 \u0000',
      email: 'x@example.org',
      mobile: null,
      address: null,
      organisation: null,
      role: null,
      startDate: null,
      endDate: null,
      active: false,
      primaryContact: false,
      licences: [],
      compress: false,
    });
    expect(pdfText(pdf)).toContain('No licences recorded.');
  });
});
