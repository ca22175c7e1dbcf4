import { isNetworkError } from '../../client/connectivity';
import { graphqlUpload, GraphqlError } from '../../client/graphql';
import { graphqlRequest } from '../../client/graphql';

/** A FormPhotoEntity as the filler and the submission view use it. */
export interface UploadedPhoto {
  id: string;
  photoId: string | null;
  thumbnailId: string | null;
  questionId: string;
}

const FIELDS = 'id photoId thumbnailId questionId';
const CREATE = `mutation($m: [FormPhotoEntityInput!]!) { r: createFormPhotoEntity(formPhotoEntityModels: $m) { ${FIELDS} } }`;

/** The upload could not reach the hub (offline, or the connection dropped): keep the photo and try later. */
export class PhotoOfflineError extends Error {}

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Uploads one photo and its thumbnail (a GraphQL multipart create, the same key on a retry
 * gives the same photo). Throws PhotoOfflineError when the hub cannot be reached, and the
 * hub's message when it refuses the photo.
 */
export async function uploadPhoto(
  o: { key: string; questionId: string; photo: Blob; thumbnail: Blob },
  onProgress?: (fraction: number) => void,
): Promise<UploadedPhoto> {
  if (isOffline()) throw new PhotoOfflineError('You are offline');
  const file = (b: Blob, name: string) => new File([b], name, { type: 'image/jpeg' });
  try {
    const data = await graphqlUpload<{ r: UploadedPhoto[] }>(
      CREATE,
      { m: [{ questionId: o.questionId, idempotencyKey: o.key, photo: null, thumbnail: null }] },
      [
        { path: 'variables.m.0.photo', file: file(o.photo, 'photo.jpg') },
        { path: 'variables.m.0.thumbnail', file: file(o.thumbnail, 'thumbnail.jpg') },
      ],
      onProgress,
    );
    return data.r[0];
  } catch (err) {
    // No answer at all (the request never completed), or a gateway's error page: not the hub's refusal.
    if (
      err instanceof TypeError ||
      isNetworkError(err) ||
      (err instanceof GraphqlError && !err.errors.length && !/session/.test(err.message))
    )
      throw new PhotoOfflineError(err.message);
    throw err;
  }
}

/** The photos of these ids the caller may see (their files' ids for thumbnails and the viewer). */
export async function loadPhotos(ids: string[]): Promise<UploadedPhoto[]> {
  if (!ids.length) return [];
  const data = await graphqlRequest<{ r: UploadedPhoto[] }>(
    `query($ids: [ID!]) { r: formPhotoEntitys(ids: $ids, take: ${ids.length}) { ${FIELDS} } }`,
    {
      ids,
    },
  );
  return data.r;
}

/** Where a stored file is shown (inline, in the hub's image sandbox). */
export const fileUrl = (id: string) => `/api/files/${id}`;
