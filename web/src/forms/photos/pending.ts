import { LOCAL_PHOTO_PREFIX, isLocalPhoto, type Answers } from '@hub/model/forms';
import { deleteLocalPhoto, getLocalPhoto, putLocalPhoto } from './local-store';
import { uploadPhoto } from './upload';

/**
 * Before answers are sent: every photo still on the device (`local:<id>` in a `-photos`
 * answer) is uploaded, its reference replaced by the photo's id; the blobs go once the
 * upload is answered. The upload's key is the local id, so a retry after a lost answer gets
 * the same photo (and a photo already uploaded is not sent again). The device keeps its copy
 * until the answers naming the photo are saved: then call releaseLocalPhotos with the answers
 * as they were. Throws PhotoOfflineError while the hub cannot be reached and the hub's message
 * when it refuses a photo. A reference whose blob is no longer on this device (site data
 * cleared) is dropped: there is nothing to send.
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
      const id = ref.slice(LOCAL_PHOTO_PREFIX.length);
      const local = await getLocalPhoto(id);
      if (!local || local.userId !== userId) continue;
      if (!local.uploadedId) {
        const uploaded = await uploadPhoto({ key: id, questionId: local.questionId, photo: local.photo, thumbnail: local.thumbnail });
        local.uploadedId = uploaded.id;
        await putLocalPhoto(local);
      }
      refs.push(local.uploadedId);
      onProgress?.(++done, total);
    }
    out[key] = refs;
  }
  return out;
}

/** After answers holding `local:` references were saved (as uploaded photo ids): the device's copies go. */
export async function releaseLocalPhotos(answers: Answers): Promise<void> {
  const ids = Object.keys(answers)
    .filter((k) => k.endsWith('-photos') && Array.isArray(answers[k]))
    .flatMap((k) => (answers[k] as unknown[]).filter(isLocalPhoto))
    .map((ref) => ref.slice(LOCAL_PHOTO_PREFIX.length));
  await Promise.all(ids.map((id) => deleteLocalPhoto(id).catch(() => undefined)));
}
