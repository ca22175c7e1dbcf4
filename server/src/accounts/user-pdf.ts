import { LicenceStatus, LicenceType, getEntity, isUuid } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { requirePerson, signedInCaller } from '../access/guards';
import { assertUserPdf } from '../access/user-pdf';
import { BadInputError, NotFoundError } from '../core/errors';
import { getRecord } from '../crud/list';
import type { Db } from '../db/client';
import { cleanFileName } from '../files/types';

/** GET /api/entity/MehubAccountEntity/pdf/{id}: a user's profile and licences as a PDF. */

export const userPdfRouteMessages = {
  invalidId: 'The user id is not a valid id',
  notFound: 'The user does not exist or you are not allowed to see them',
} as const;

interface Licence {
  licenceName: string | null;
  licenceType: string | null;
  licenceNumber: string | null;
  licenceIssuer: string | null;
  renewalDate: string | null;
  status: string | null;
}

/** What the profile PDF shows, already loaded: rendering does no I/O. */
export interface UserPdfInput {
  name: string;
  email: string;
  mobile: string | null;
  address: string | null;
  organisation: string | null;
  role: string | null;
  startDate: string | null;
  endDate: string | null;
  active: boolean;
  primaryContact: boolean;
  licences: Licence[];
  /** Deflate page content (default true); tests read uncompressed text. */
  compress?: boolean;
}

const SELECTION = {
  id: true,
  email: true,
  firstname: true,
  surname: true,
  mobileNumber: true,
  streetAddress1: true,
  streetAddress2: true,
  streetAddress3: true,
  city: true,
  state: true,
  postcode: true,
  country: true,
  startDate: true,
  endDate: true,
  lastsyncdate: true,
  memberOrganisation: { id: true, name: true, primaryContactId: true },
  role: { name: true },
  licences: { licenceName: true, licenceType: true, licenceNumber: true, licenceIssuer: true, renewalDate: true, status: true },
} as const;

interface AccountRow {
  id: string;
  email: string;
  firstname: string | null;
  surname: string | null;
  mobileNumber: string | null;
  streetAddress1: string | null;
  streetAddress2: string | null;
  streetAddress3: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  startDate: string | null;
  endDate: string | null;
  lastsyncdate: string | null;
  memberOrganisation: { id: string; name: string; primaryContactId: string | null } | null;
  role: { name: string } | null;
  licences: Licence[] | null;
}

/** The name a user is shown by: first name and surname, else their email. */
export const displayName = (a: { firstname: string | null; surname: string | null; email: string }): string =>
  [a.firstname, a.surname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ') || a.email;

/** Active when Lastsyncdate is on or after the start of today (UTC), as the Users tabs count it. */
export function isActiveAccount(lastsyncdate: string | null, now = new Date()): boolean {
  if (!lastsyncdate) return false;
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(lastsyncdate).getTime() >= startOfToday;
}

export function userPdfInput(a: AccountRow, now = new Date()): UserPdfInput {
  const street = [a.streetAddress1, a.streetAddress2, a.streetAddress3].filter((s) => s?.trim());
  const place = [a.city, a.state, a.postcode].filter((s) => s?.trim()).join(' ');
  const address = [...street, place, a.country].filter((s) => s?.trim()).join(', ');
  return {
    name: displayName(a),
    email: a.email,
    mobile: a.mobileNumber,
    address: address || null,
    organisation: a.memberOrganisation?.name ?? null,
    role: a.role?.name ?? null,
    startDate: a.startDate,
    endDate: a.endDate,
    active: isActiveAccount(a.lastsyncdate, now),
    primaryContact: !!a.memberOrganisation && a.memberOrganisation.primaryContactId === a.id,
    licences: a.licences ?? [],
  };
}

/** Text the standard PDF fonts (WinAnsi) can show: control characters dropped, others beyond Latin-1 as '?'. */
export function winAnsi(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += code <= 0xff || '€‘’“”–—…•™'.includes(ch) ? ch : '?';
  }
  return out;
}

/** DD/MM/YYYY of a date answer ('YYYY-MM-DD...'), as the member site shows dates. */
const day = (value: string | null): string => {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '-';
};
const label = (values: Readonly<Record<string, string>>, value: string | null) => (value ? (values[value] ?? value) : '-');

const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#0b5394';
const RULE = '#cbd2d9';

export async function renderUserPdf(input: UserPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: input.compress ?? true,
    info: { Title: winAnsi(input.name), Subject: 'User profile', Creator: 'Safety Hub' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const rule = () => {
    doc.moveDown(0.4);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(1)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.6);
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(winAnsi(input.name), MARGIN, MARGIN, { width });
  doc.moveDown(0.2);
  const badges = [input.active ? 'Active' : 'Inactive', ...(input.primaryContact ? ['Primary contact'] : [])].join('  |  ');
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(badges, { width });
  rule();

  const rows: [string, string][] = [
    ['Email', input.email],
    ['Mobile', input.mobile || '-'],
    ['Address', input.address || '-'],
    ['Organisation', input.organisation || '-'],
    ['Role', input.role || '-'],
    ['Start date', day(input.startDate)],
    ['End date', day(input.endDate)],
    ['Status', input.active ? 'Active' : 'Inactive'],
    ['Primary contact', input.primaryContact ? 'Yes' : 'No'],
  ];
  for (const [name, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(name, MARGIN, y, { width: 110 });
    const after = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(winAnsi(value), MARGIN + 115, y, { width: width - 115 });
    doc.y = Math.max(after, doc.y) + 2;
    doc.x = MARGIN;
  }
  rule();

  doc.font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text('Licences and competencies', MARGIN, doc.y, { width });
  doc.moveDown(0.4);
  if (!input.licences.length) doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text('No licences recorded.', { width });
  for (const l of input.licences) {
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(winAnsi(l.licenceName || 'Licence'), MARGIN, doc.y, { width });
    const details = [
      `Type: ${label(LicenceType.values, l.licenceType)}`,
      `Number: ${winAnsi(l.licenceNumber || '-')}`,
      `Issuer: ${winAnsi(l.licenceIssuer || '-')}`,
      `Renewal date: ${day(l.renewalDate)}`,
      `Status: ${label(LicenceStatus.values, l.status)}`,
    ].join('   ');
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(details, { width });
    doc.moveDown(0.5);
  }
  doc.end();
  return finished;
}

/** A file name from a display name: no path, quotes or control characters; at most 100 characters. */
export function pdfFileName(name: string): string {
  const clean = [...cleanFileName(name.normalize('NFC'), '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100);
  return `${clean || 'User'}.pdf`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function userPdfRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>('/api/entity/MehubAccountEntity/pdf/:id', { preHandler: requirePerson }, async (req, reply) => {
    const caller = signedInCaller(req);
    if (!isUuid(req.params.id)) throw new BadInputError(userPdfRouteMessages.invalidId);
    // Read through the caller's scope: another organisation's account does not exist for them.
    const account = (await getRecord(
      db,
      caller,
      getEntity('MehubAccountEntity'),
      req.params.id.toLowerCase(),
      SELECTION,
    )) as AccountRow | null;
    if (!account) throw new NotFoundError(userPdfRouteMessages.notFound);
    assertUserPdf(caller, { id: account.id, organisationId: account.memberOrganisation?.id ?? null });
    const input = userPdfInput(account);
    const pdf = await renderUserPdf(input);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(pdfFileName(input.name)))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });
}
