import { isUuid } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { z } from 'zod';
import type { Where } from '../crud/conditions';
import { BadInputError, NotFoundError } from '../crud/errors';
import type { Db } from '../db/client';
import { parseBody } from '../rest/body';
import { assertTimeZone, fileDate } from './dates';
import { renderSubmissionPdf } from './pdf';
import { loadPdfInputs, readableSubmissionIds } from './pdf-data';

/** The most PDFs one zip request renders. */
export const PDF_ZIP_MAX = 500;

export const PDF_MESSAGES = {
  notFound: 'The submission does not exist or you are not allowed to see it',
  tooMany: `At most ${PDF_ZIP_MAX} submissions can be exported as PDF at once; please narrow the selection`,
  nothing: 'No completed submission you may read matches the selection',
} as const;

const id = (label: string) => z.string().refine(isUuid, `${label} must be a valid id`);
const zone = z.string().trim().min(1).max(100).default('UTC');

const pdfBody = z.object({ SubmissionId: id('SubmissionId'), TimeZoneId: zone });

const whereSchema = z.object({
  path: z.string().max(200),
  comparison: z.string(),
  value: z.array(z.string().nullable()).nullish(),
  case: z.string().nullish(),
});
const conditionsSchema = z.array(z.array(whereSchema));

const zipBody = z.object({
  ids: z.array(id('ids')).max(100_000).nullish(),
  /** A JSON list of condition groups, as the export route's stringConditions (text or already parsed). */
  conditions: z.union([z.string().max(100_000), conditionsSchema]).nullish(),
  excludedIds: z.array(id('excludedIds')).max(100_000).nullish(),
  TimeZoneId: zone,
});

function conditionsOf(raw: string | z.infer<typeof conditionsSchema> | null | undefined): Where[][] {
  if (raw === null || raw === undefined || raw === '') return [];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BadInputError('conditions must be a JSON list of condition lists');
    }
  }
  const parsed = conditionsSchema.safeParse(value);
  if (!parsed.success) throw new BadInputError('conditions must be a JSON list of condition lists');
  return parsed.data as Where[][];
}

/** Characters file systems refuse, out of a zip entry name. */
const safeName = (s: string) =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150) || 'Form';

function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const e of entries) {
    let name = e.name;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = e.name.replace(/\.pdf$/, ` (${n}).pdf`);
    used.add(name.toLowerCase());
    // PDFs are compressed already.
    zip.addBuffer(e.data, name, { compress: false, mtime: new Date() });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** POST .../FormSubmissionsEntity/pdf and .../pdf-zip: submissions as PDF, for whoever may read them. */
export function pdfRoutes(app: FastifyInstance, db: Db): void {
  app.post('/api/entity/FormSubmissionsEntity/pdf', async (req, reply) => {
    const body = parseBody(pdfBody, req.body);
    assertTimeZone(body.TimeZoneId);
    const [visible] = await readableSubmissionIds(db, req.caller, { ids: [body.SubmissionId] }, 1);
    if (!visible) throw new NotFoundError(PDF_MESSAGES.notFound);
    const [loaded] = await loadPdfInputs(db, [visible], body.TimeZoneId);
    if (!loaded) throw new NotFoundError(PDF_MESSAGES.notFound);
    const pdf = await renderSubmissionPdf(loaded.input);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="Form Submission.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.post('/api/entity/FormSubmissionsEntity/pdf-zip', async (req, reply) => {
    const body = parseBody(zipBody, req.body);
    assertTimeZone(body.TimeZoneId);
    if (body.ids && body.ids.length > PDF_ZIP_MAX) throw new BadInputError(PDF_MESSAGES.tooMany);
    const conditions = conditionsOf(body.conditions);
    conditions.push([{ path: 'isCompleted', comparison: 'equal', value: ['true'] }]);
    if (body.excludedIds?.length) conditions.push([{ path: 'id', comparison: 'notIn', value: body.excludedIds }]);
    const ids = await readableSubmissionIds(db, req.caller, { ids: body.ids?.length ? body.ids : null, conditions }, PDF_ZIP_MAX + 1);
    if (ids.length > PDF_ZIP_MAX) throw new BadInputError(PDF_MESSAGES.tooMany);
    if (!ids.length) throw new NotFoundError(PDF_MESSAGES.nothing);
    const entries: { name: string; data: Buffer }[] = [];
    // In batches: a batch's data is loaded in three statements, then rendered one PDF at a time.
    for (let i = 0; i < ids.length; i += 50) {
      for (const s of await loadPdfInputs(db, ids.slice(i, i + 50), body.TimeZoneId))
        entries.push({
          name: `${safeName(s.formName)} ${fileDate(s.created, body.TimeZoneId)} ${s.id.slice(0, 8)}.pdf`,
          data: await renderSubmissionPdf(s.input),
        });
    }
    const zip = await zipOf(entries);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="Form Submissions.zip"`)
      .header('cache-control', 'no-store')
      .send(zip);
  });
}
