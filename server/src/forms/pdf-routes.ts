import { getEntity, isUuid } from '@hub/model';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PassThrough } from 'node:stream';
import yazl from 'yazl';
import { z } from 'zod';
import type { Where } from '../crud/conditions';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { BadInputError, NotFoundError, UserError } from '../core/errors';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { cleanFileName } from '../files/types';
import { parseBody } from '../rest/body';
import { assertTimeZone, fileDate } from './dates';
import { ExportSlots } from './export-slots';
import { renderSubmissionPdf } from './pdf';
import { loadPdfInputs, readableSubmissionIds, withActions, withPhotos } from './pdf-data';

/** The most PDFs one zip request renders. */
export const PDF_ZIP_MAX = 500;

/**
 * Bounds of the zip export: the PDFs are rendered one at a time straight into the response,
 * up to `maxBytes` of PDF in one zip (tests lower it), loading `batch` submissions at a time.
 */
export const PDF_ZIP_LIMITS = { maxBytes: 200 * 1024 * 1024, batch: 10 };

/** Zip exports running in this process: one per caller, two in all. */
export const pdfZipExports = new ExportSlots(1, 2);

/** Whose export it is, for pdfZipExports. */
export const exportKey = (caller: Caller | null): string => (caller ? `${caller.kind}:${caller.userId}` : 'anonymous');

export const pdfMessages = {
  notFound: 'The submission does not exist or you are not allowed to see it',
  tooMany: `At most ${PDF_ZIP_MAX} submissions can be exported as PDF at once; please narrow the selection`,
  nothing: 'No completed submission you may read matches the selection',
  running: 'An export is already running for you. Please wait for it to finish.',
  busy: 'The server is busy with other exports. Please try again in a minute.',
  /** Name of the entry that says why a zip holds fewer PDFs than asked for. */
  noteName: 'EXPORT INCOMPLETE - READ ME.txt',
  tooLarge: (done: number, total: number) =>
    `This export stopped after ${done} of ${total} submissions: the PDFs reached the limit of ` +
    `${Math.round(PDF_ZIP_LIMITS.maxBytes / (1024 * 1024))} MB for one export. ` +
    'Please export the remaining submissions in a smaller selection.',
  failed: (done: number, total: number) =>
    `This export failed after ${done} of ${total} submissions because of an unexpected error. Please try again.`,
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

/** Characters file systems refuse, and bidirectional and invisible format characters, out of a zip entry name. */
const safeName = (s: string) =>
  [...cleanFileName(s, '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150) || 'Form';

/** Resolves once the stream has room for more (or the export was abandoned). */
function drained(out: PassThrough, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!signal.aborted && out.writableNeedDrain && !out.destroyed) return;
      out.off('drain', check);
      out.off('close', check);
      signal.removeEventListener('abort', check);
      resolve();
    };
    out.on('drain', check);
    out.on('close', check);
    signal.addEventListener('abort', check);
    // yazl writes an entry now or on a later turn of the event loop.
    setImmediate(check);
  });
}

/**
 * Renders the submissions' PDFs one at a time into the zip, waiting for the client to take
 * each, and ends the zip: early, with a note entry, at the byte limit or on a failure.
 */
async function writeZip(
  db: Db,
  storage: FileStorage,
  caller: Caller | null,
  ids: string[],
  timeZone: string,
  zip: yazl.ZipFile,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  const out = zip.outputStream as PassThrough;
  const used = new Set<string>();
  const add = (base: string, data: Buffer) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = base.replace(/(\.\w+)$/, ` (${n})$1`);
    used.add(name.toLowerCase());
    // PDFs are compressed already.
    zip.addBuffer(data, name, { compress: false, mtime: new Date() });
  };
  let bytes = 0;
  let done = 0;
  try {
    for (let i = 0; i < ids.length && !signal.aborted; i += PDF_ZIP_LIMITS.batch) {
      const batch = await loadPdfInputs(db, ids.slice(i, i + PDF_ZIP_LIMITS.batch), timeZone);
      await withActions(db, caller, batch);
      for (const s of batch) {
        if (signal.aborted) return;
        const pdf = await renderSubmissionPdf(await withPhotos(db, storage, s.id, s.input));
        if (bytes + pdf.length > PDF_ZIP_LIMITS.maxBytes) {
          add(pdfMessages.noteName, Buffer.from(pdfMessages.tooLarge(done, ids.length)));
          return;
        }
        bytes += pdf.length;
        add(`${safeName(s.formName)} ${fileDate(s.created, timeZone)} ${s.id.slice(0, 8)}.pdf`, pdf);
        done++;
        await drained(out, signal);
      }
    }
  } catch (err) {
    log.error(err);
    if (!signal.aborted) add(pdfMessages.noteName, Buffer.from(pdfMessages.failed(done, ids.length)));
  } finally {
    zip.end();
  }
}

/** POST .../FormSubmissionsEntity/pdf and .../pdf-zip: submissions as PDF, for whoever may read them. */
export function pdfRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  app.post('/api/entity/FormSubmissionsEntity/pdf', async (req, reply) => {
    const body = parseBody(pdfBody, req.body);
    assertTimeZone(body.TimeZoneId);
    const [visible] = await readableSubmissionIds(db, req.caller, { ids: [body.SubmissionId] }, 1);
    if (!visible) throw new NotFoundError(pdfMessages.notFound);
    const [loaded] = await loadPdfInputs(db, [visible], body.TimeZoneId);
    if (!loaded) throw new NotFoundError(pdfMessages.notFound);
    await withActions(db, req.caller, [loaded]);
    const pdf = await renderSubmissionPdf(await withPhotos(db, storage, loaded.id, loaded.input));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="Form Submission.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.post('/api/entity/FormSubmissionsEntity/pdf-zip', async (req, reply) => {
    const body = parseBody(zipBody, req.body);
    assertTimeZone(body.TimeZoneId);
    if (body.ids && body.ids.length > PDF_ZIP_MAX) throw new BadInputError(pdfMessages.tooMany);
    const conditions = conditionsOf(body.conditions);
    conditions.push([{ path: 'isCompleted', comparison: 'equal', value: ['true'] }]);
    if (body.excludedIds?.length) conditions.push([{ path: 'id', comparison: 'notIn', value: body.excludedIds }]);
    // Visitors and callers who may read no submission take no export slot.
    assertAllowed(req.caller, getEntity('FormSubmissionsEntity'), 'read');
    const slot = pdfZipExports.tryAcquire(exportKey(req.caller));
    if (!slot.ok) {
      if (slot.reason === 'mine') throw new UserError(pdfMessages.running, 'CONFLICT', 409);
      reply.header('retry-after', '60');
      throw new UserError(pdfMessages.busy, 'BUSY', 503);
    }
    let streaming = false;
    try {
      const ids = await readableSubmissionIds(db, req.caller, { ids: body.ids?.length ? body.ids : null, conditions }, PDF_ZIP_MAX + 1);
      if (ids.length > PDF_ZIP_MAX) throw new BadInputError(pdfMessages.tooMany);
      if (!ids.length) throw new NotFoundError(pdfMessages.nothing);
      const zip = new yazl.ZipFile();
      const out = zip.outputStream as PassThrough;
      // The slot is held until the PDFs are rendered and the response is over (sent, or the client gone).
      const abort = new AbortController();
      let produced = false;
      let gone = false;
      const settle = () => {
        if (produced && gone) slot.release();
      };
      const onGone = () => {
        gone = true;
        abort.abort();
        settle();
      };
      reply.raw.once('close', onGone);
      out.once('close', onGone);
      out.on('error', (err) => req.log.warn(err));
      streaming = true;
      void writeZip(db, storage, req.caller, ids, body.TimeZoneId, zip, abort.signal, req.log)
        .catch((err: unknown) => req.log.error(err))
        .finally(() => {
          produced = true;
          settle();
        });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="Form Submissions.zip"`)
        .header('cache-control', 'no-store')
        .send(out);
    } finally {
      if (!streaming) slot.release();
    }
  });
}
