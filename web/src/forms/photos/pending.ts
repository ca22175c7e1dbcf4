import { LOCAL_PHOTO_PREFIX, isLocalPhoto, isPhotoId, photoMessages, type Answers } from '@hub/model/forms';
import { deleteLocalPhoto, findLocalPhotoByServerId, getLocalPhoto, localPhotosOf, putLocalPhoto, type LocalPhoto } from './local-store';
import { GraphqlError } from '../../client/graphql';
import { loadPhotos, uploadPhoto } from './upload';

/*
 * The device's copies of the photos of a form (local-store.ts) from taking to saving
 * (docs/forms.md, Photo evidence; docs/offline.md): uploaded before the answers are sent,
 * uploaded again when the hub removed them meanwhile, released once the answers are saved.
 */

/** The photo answers' references (`{questionId}-photos` lists), in order. */
const photoRefs = (answers: Answers): string[] =>
  Object.keys(answers)
    .filter((k) => k.endsWith('-photos') && Array.isArray(answers[k]))
    .flatMap((k) => (answers[k] as unknown[]).filter((r): r is string => typeof r === 'string'));

/** Uploads the device's copy (its key: `uploadKey`, else its id) and records the hub's id on it. */
async function upload(local: LocalPhoto): Promise<string> {
  const uploaded = await uploadPhoto({
    key: local.uploadKey ?? local.id,
    questionId: local.questionId,
    photo: local.photo,
    thumbnail: local.thumbnail,
  });
  await putLocalPhoto({
    ...local,
    uploadedId: uploaded.id,
    serverIds: [...(local.serverIds ?? []).filter((s) => s !== uploaded.id), uploaded.id],
  });
  return uploaded.id;
}

/** The answers with each photo reference `map` gives a new one for replaced (a copy's answers, never the given ones). */
function replaceRefs(answers: Answers, map: Map<string, string>): Answers {
  const out: Answers = { ...answers };
  for (const k of Object.keys(answers))
    if (k.endsWith('-photos') && Array.isArray(answers[k]))
      out[k] = (answers[k] as unknown[]).map((r) => (typeof r === 'string' && map.get(r)) || r);
  return out;
}

/**
 * Before answers are sent: every photo still on the device (`local:<id>` in a `-photos`
 * answer) is uploaded, its reference replaced by the photo's id. The upload's key is the local
 * id, so a retry after a lost answer gets the same photo (and a photo already uploaded is not
 * sent again). The device keeps its copy until the answers naming the photo are saved: then
 * call releaseLocalPhotos with the answers as they were. Throws PhotoOfflineError while the hub
 * cannot be reached and the hub's message when it refuses a photo. A reference whose blob is
 * no longer on this device (site data cleared) is dropped: there is nothing to send.
 */
export async function uploadPendingPhotos(
  answers: Answers,
  userId: string,
  onProgress?: (done: number, total: number) => void,
): Promise<Answers> {
  const keys = Object.keys(answers).filter(
    (k) => k.endsWith('-photos') && Array.isArray(answers[k]) && (answers[k] as unknown[]).some(isLocalPhoto),
  );
  if (!keys.length) return answers;
  const out: Answers = { ...answers };
  const total = keys.reduce((n, k) => n + (answers[k] as unknown[]).filter(isLocalPhoto).length, 0);
  let done = 0;
  for (const key of keys) {
    const refs: string[] = [];
    for (const ref of answers[key] as string[]) {
      if (!isLocalPhoto(ref)) {
        refs.push(ref);
        continue;
      }
      const local = await getLocalPhoto(ref.slice(LOCAL_PHOTO_PREFIX.length));
      if (!local || local.userId !== userId) continue;
      refs.push(local.uploadedId ?? (await upload(local)));
      onProgress?.(++done, total);
    }
    out[key] = refs;
  }
  return out;
}

/** Whether the hub refused a save because a photo it names does not exist (or is not the caller's). */
export function isMissingPhotoError(err: unknown): boolean {
  if ((err as { missingPhoto?: unknown } | null)?.missingPhoto === true) return true;
  if (!(err instanceof GraphqlError)) return false;
  return err.errors.some(
    (e) =>
      e.message === photoMessages.notFound ||
      (Array.isArray(e.extensions?.issues) &&
        (e.extensions.issues as { message?: unknown }[]).some((i) => i?.message === photoMessages.notFound)),
  );
}

/**
 * After the hub refused answers (as sent, photo ids only) because a photo is gone (the
 * clean-up removes photos no saved form names for a day, docs/forms.md): each named photo the
 * hub no longer has and this device keeps for `userId` is uploaded again, with a new key (the
 * removed photo held the first; kept on the copy, so a retry after a lost answer gets the same
 * photo). Resolves with the answers naming the new ids, or null when there was nothing to
 * upload again (the refusal is about something else, or the device has no copy).
 */
export async function restoreMissingPhotos(answers: Answers, userId: string): Promise<Answers | null> {
  const kept = new Map<string, LocalPhoto>();
  for (const ref of new Set(photoRefs(answers).filter(isPhotoId))) {
    const local = await findLocalPhotoByServerId(userId, ref).catch(() => undefined);
    if (local) kept.set(ref, local);
  }
  if (!kept.size) return null;
  const asked = new Set([...kept.keys(), ...[...kept.values()].flatMap((p) => (p.uploadedId ? [p.uploadedId] : []))]);
  const there = new Set((await loadPhotos([...asked])).map((p) => p.id));
  const map = new Map<string, string>();
  for (const [ref, local] of kept) {
    if (there.has(ref)) continue;
    // Uploaded again already (a save after it got no answer): the answers take that photo.
    if (local.uploadedId && local.uploadedId !== ref && there.has(local.uploadedId)) {
      map.set(ref, local.uploadedId);
      continue;
    }
    // The key of the upload that made `ref` is spent; one under way (uploadedId not yet set) is kept.
    const fresh = local.uploadedId === undefined ? local : { ...local, uploadedId: undefined, uploadKey: crypto.randomUUID() };
    if (fresh !== local) await putLocalPhoto(fresh);
    map.set(ref, await upload(fresh));
  }
  return map.size ? replaceRefs(answers, map) : null;
}

/**
 * Sends answers the way every save does: photos still on the device uploaded first, and when
 * the hub refuses the save because a photo it names is gone, the device's copies uploaded
 * again and the save sent once more with the same `send` (the same idempotency key: the
 * refused save made nothing). Resolves with `send`'s answer and the answers it sent.
 */
export async function sendWithPhotos<T>(
  answers: Answers,
  userId: string,
  send: (answers: Answers) => Promise<T>,
): Promise<{ result: T; sent: Answers }> {
  const sent = await uploadPendingPhotos(answers, userId);
  try {
    return { result: await send(sent), sent };
  } catch (err) {
    if (!isMissingPhotoError(err)) throw err;
    const restored = await restoreMissingPhotos(sent, userId);
    if (!restored) throw err;
    return { result: await send(restored), sent: restored };
  }
}

/** The copy `ref` names (`local:<id>`, or a photo id the hub gave it). */
async function copyOf(ref: string, userId: string | undefined): Promise<LocalPhoto | undefined> {
  const local = isLocalPhoto(ref)
    ? await getLocalPhoto(ref.slice(LOCAL_PHOTO_PREFIX.length))
    : isPhotoId(ref) && userId
      ? await findLocalPhotoByServerId(userId, ref)
      : undefined;
  return local && (!userId || local.userId === userId) ? local : undefined;
}

/**
 * After answers were saved on the hub (a draft or a submission): the device's copies of the
 * photos they name go, `local:` references (as the answers were before sending) and photo ids
 * (`userId`'s copies) alike.
 */
export async function releaseLocalPhotos(answers: Answers, userId?: string): Promise<void> {
  await Promise.all(
    photoRefs(answers).map(async (ref) => {
      const local = await copyOf(ref, userId).catch(() => undefined);
      if (local) await deleteLocalPhoto(local.id).catch(() => undefined);
    }),
  );
}

/** A photo removed from the answers (Remove, or replaced by its marked-up copy): its copy on the device goes. */
export async function forgetLocalPhoto(ref: string, userId: string | undefined): Promise<void> {
  const local = await copyOf(ref, userId).catch(() => undefined);
  if (local) await deleteLocalPhoto(local.id).catch(() => undefined);
}

/** How long a copy no kept answers name stays (a page still open, answers not yet written). */
export const UNNAMED_COPY_MS = 7 * 24 * 3600_000;

/**
 * Keeps the device's copies bounded: `userId`'s copies that none of `named` (every answers
 * the device keeps for them: typed, waiting in the outbox) names and that are older than
 * `UNNAMED_COPY_MS` go (answers discarded, a tab closed before its answers were written).
 */
export async function pruneLocalPhotos(userId: string, named: Answers[], now = Date.now()): Promise<number> {
  const refs = new Set(named.flatMap(photoRefs));
  const stale = (await localPhotosOf(userId)).filter(
    (p) => p.created < now - UNNAMED_COPY_MS && !refs.has(`${LOCAL_PHOTO_PREFIX}${p.id}`) && !(p.serverIds ?? []).some((s) => refs.has(s)),
  );
  await Promise.all(stale.map((p) => deleteLocalPhoto(p.id).catch(() => undefined)));
  return stale.length;
}
