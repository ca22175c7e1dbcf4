import { getEntity, toWireDate } from '@hub/model';
import { deleteWhere } from '../crud/delete';
import { SYSTEM_CALLER } from '../crud/hooks';
import { listRecords } from '../crud/list';
import { dropOwnedFileRows } from '../files/upload';
import type { JobContext, JobDefinition, JobOutcome } from './types';

/** A photo no saved answer names is kept this long after its upload (a form filled in slowly, offline), then removed. */
export const UNUSED_PHOTO_HOURS = 24;
/** Photos removed per batch (one read, one delete transaction each). */
export const PHOTO_CLEANUP_BATCH = 200;

export const photoCleanupMessages = {
  none: 'No unused photos to remove',
  removed: (n: number) => `Removed ${n} unused photo${n === 1 ? '' : 's'} (not in any saved form for ${UNUSED_PHOTO_HOURS} hours)`,
};

/**
 * Removes form photos that no submission holds (uploaded, then never saved in a draft or a
 * submission, or let go by a later save) and that are older than UNUSED_PHOTO_HOURS at the
 * run's `now`: their rows, their file rows and their contents in storage.
 */
export async function runPhotoCleanup(ctx: JobContext, batch = PHOTO_CLEANUP_BATCH): Promise<JobOutcome> {
  const entity = getEntity('FormPhotoEntity');
  const cutoff = toWireDate(new Date(ctx.now.getTime() - UNUSED_PHOTO_HOURS * 3600_000));
  const unused = [
    { path: 'formSubmissionsId', comparison: 'equal' as const, value: [null] },
    { path: 'created', comparison: 'lessThan' as const, value: [cutoff] },
  ];
  let photos = 0;
  let files = 0;
  for (;;) {
    if (ctx.signal.aborted) throw new Error('Stopped between batches');
    const rows = (await listRecords(ctx.db, SYSTEM_CALLER, entity, { where: unused, take: batch }, { id: true })) as { id: string }[];
    if (!rows.length) break;
    // The conditions again as the rows are locked: a photo a save linked meanwhile stays. The
    // photo rows and their file rows go in one transaction (the photo's delete hook drops the
    // file rows, forms/photos.ts), the contents after it committed.
    const { ids, keys } = await ctx.db.transaction(async (tx) => {
      const keys: string[] = [];
      const ids = await deleteWhere(tx, SYSTEM_CALLER, entity, { ids: rows.map((r) => r.id), where: unused }, { files: keys });
      return { ids, keys: [...keys, ...(await dropOwnedFileRows(tx, entity.name, ids))] };
    });
    await Promise.all(keys.map((k) => ctx.storage.remove(k)));
    photos += ids.length;
    files += keys.length;
    if (rows.length < batch) break;
  }
  return { summary: photos ? photoCleanupMessages.removed(photos) : photoCleanupMessages.none, counts: { photos, files } };
}

export const photoCleanupJob = (): JobDefinition => ({
  name: 'photo-cleanup',
  title: 'Unused photo clean-up',
  description: `Removes form photos no saved draft or submission holds, ${UNUSED_PHOTO_HOURS} hours after their upload.`,
  cron: '17 * * * *',
  maxAttempts: 3,
  run: (ctx) => runPhotoCleanup(ctx),
});
