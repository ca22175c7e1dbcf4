import { randomUUID } from 'node:crypto';
import type { Harness } from './harness';

/** A real 16x12 JPEG made by Chromium's canvas (what the filler uploads), with no metadata. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAMABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABQMH/8QAGBAAAwEBAAAAAAAAAAAAAAAAAAEDAiH/xAAUAQEAAAAAAAAAAAAAAAAAAAAG/8QAGBEAAwEBAAAAAAAAAAAAAAAAAAIFIQT/2gAMAwEAAhEDEQA/AMYvQOvQtfT6H30xZDnJgss9zaf/2Q==',
  'base64',
);

export const PHOTO_UPLOAD = `mutation($m: [FormPhotoEntityInput!]!) {
  r: createFormPhotoEntity(formPhotoEntityModels: $m) {
    id questionId mehubAccountId memberOrganisationId formSubmissionsId photoId thumbnailId
    photo { contentType size } thumbnail { contentType size }
  } }`;

export interface PhotoAnswer {
  status: number;
  body: {
    data?: { r: { id: string; photoId: string; thumbnailId: string; formSubmissionsId: string | null; [k: string]: unknown }[] } | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

/** Uploads a photo as the filler does: one GraphQL multipart create with the photo and its thumbnail. */
export async function uploadPhoto(
  h: Harness,
  who: string,
  o: { questionId?: string; key?: string; photo?: Buffer; thumbnail?: Buffer | null; name?: string; type?: string; caption?: string } = {},
): Promise<PhotoAnswer> {
  const form = new FormData();
  const input: Record<string, unknown> = {
    questionId: o.questionId ?? 'task',
    idempotencyKey: o.key ?? randomUUID(),
    photo: null,
    ...(o.thumbnail === null ? {} : { thumbnail: null }),
    ...(o.caption ? { caption: o.caption } : {}),
  };
  form.append('operations', JSON.stringify({ query: PHOTO_UPLOAD, variables: { m: [input] } }));
  form.append('map', JSON.stringify({ 0: ['variables.m.0.photo'], ...(o.thumbnail === null ? {} : { 1: ['variables.m.0.thumbnail'] }) }));
  form.append('0', new Blob([new Uint8Array(o.photo ?? TINY_JPEG)], { type: o.type ?? 'image/jpeg' }), o.name ?? 'photo.jpg');
  if (o.thumbnail !== null) form.append('1', new Blob([new Uint8Array(o.thumbnail ?? TINY_JPEG)], { type: 'image/jpeg' }), 'thumb.jpg');
  const req = new Request('http://x/api/graphql', { method: 'POST', body: form });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': req.headers.get('content-type')!, ...h.headers(who) },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() };
}
