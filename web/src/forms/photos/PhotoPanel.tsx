import { ActionIcon, Button, Group, Image, Modal, Progress, Text } from '@mantine/core';
import { IconCamera, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import {
  LOCAL_PHOTO_PREFIX,
  PHOTO_LIMITS,
  isLocalPhoto,
  isPhotoId,
  photoKey,
  photoMessages,
  photoRefsOf,
  type Question,
} from '@hub/model/forms';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useMe } from '../../app/session';
import { OfflineNote, useHubQuery } from '../../offline/hub-only';
import { useFiller } from '../context';
import { metadataOf, preparePhoto } from './image';
import { deleteLocalPhoto, findLocalPhotoByServerId, getLocalPhoto, putLocalPhoto } from './local-store';
import { MarkupEditor } from './MarkupEditor';
import { forgetLocalPhoto } from './pending';
import { PhotoOfflineError, fileUrl, loadPhotos, uploadPhoto } from './upload';
import classes from './photos.module.css';

/** What a photo shows as: its thumbnail and full picture (blob URLs on this device, or the hub's files). */
interface Shown {
  thumb: string;
  full: string;
  /** The photo itself when it was taken or read on this device. */
  photo?: Blob;
}

/** Photos shown in this page, by reference: a photo just taken keeps its blob URLs after upload. */
const shownCache = new Map<string, Shown>();

function showBlobs(ref: string, photo: Blob, thumbnail: Blob): Shown {
  const shown = { thumb: URL.createObjectURL(thumbnail), full: URL.createObjectURL(photo), photo };
  shownCache.set(ref, shown);
  return shown;
}

/** The hub's thumbnails of uploaded photos not taken in this page (a resumed draft, a submission). */
function useServerPhotos(refs: string[]) {
  const ids = refs.filter((r) => !isLocalPhoto(r) && !shownCache.has(r)).sort();
  const query = useHubQuery({
    queryKey: ['form-photos', ids],
    queryFn: () => loadPhotos(ids),
    enabled: ids.length > 0,
    staleTime: Infinity,
  });
  /** Offline, photos of the hub not shown yet: they wait for the connection. */
  const unreachable = ids.length > 0 && query.offline && query.data === undefined;
  return { ...query, unreachable };
}

/**
 * Photos this device keeps, not taken in this page: read from IndexedDB. `local:` ones, and
 * uploaded ones whose answers are not saved yet (shown offline too, and when the hub removed them).
 */
function useLocalPhotos(refs: string[], userId: string | undefined) {
  const ids = refs.filter((r) => (isLocalPhoto(r) || (userId && isPhotoId(r))) && !shownCache.has(r)).sort();
  return useQuery({
    queryKey: ['local-photos', userId, ids],
    queryFn: async () => {
      const found = new Map<string, Shown>();
      for (const ref of ids) {
        const p = await (
          isLocalPhoto(ref) ? getLocalPhoto(ref.slice(LOCAL_PHOTO_PREFIX.length)) : findLocalPhotoByServerId(userId!, ref)
        ).catch(() => undefined);
        if (p) found.set(ref, showBlobs(ref, p.photo, p.thumbnail));
      }
      return found;
    },
    enabled: ids.length > 0,
    staleTime: Infinity,
    networkMode: 'always',
  });
}

/** A prepared photo kept in IndexedDB until it is uploaded (a browser without IndexedDB keeps it in the page only). */
async function keepOnDevice(
  id: string,
  userId: string,
  questionId: string,
  p: { photo: Blob; thumbnail: Blob },
  uploadedId?: string,
): Promise<void> {
  const uploaded = uploadedId ? { uploadedId, serverIds: [uploadedId] } : {};
  await putLocalPhoto({ id, userId, questionId, photo: p.photo, thumbnail: p.thumbnail, created: Date.now(), ...uploaded }).catch(
    () => undefined,
  );
}

interface Busy {
  key: string;
  label: string;
  progress: number | null;
}

/**
 * Photo evidence of one question (docs/forms.md, Photo evidence): on a question asking for it
 * (`photos: true`) a section with Take photo and Choose from gallery; on every other question a
 * small 'Add photo' that opens the same. Each photo shows as a thumbnail with Mark up and
 * Remove; read-only (the submission view) the thumbnails open the full photo. Photos are
 * prepared on the device (image.ts), kept in IndexedDB with `local:<id>` in the answer, and
 * uploaded at once when online; offline they wait for the outbox (pending.ts).
 */
export default function PhotoPanel({ q, readOnly, refs, titleId }: { q: Question; readOnly: boolean; refs: string[]; titleId: string }) {
  const { answers, def } = useFiller();
  const key = photoKey(q.id);
  const me = useMe().data;
  const [busy, setBusy] = useState<Busy[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [marking, setMarking] = useState<number | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const server = useServerPhotos(refs);
  const local = useLocalPhotos(refs, me?.id);
  const fromServer = new Map(
    (server.data ?? [])
      .filter((p) => p.photoId && p.thumbnailId)
      .map((p) => [p.id, { thumb: fileUrl(p.thumbnailId!), full: fileUrl(p.photoId!) }]),
  );
  const shownOf = (ref: string): Shown | undefined => shownCache.get(ref) ?? fromServer.get(ref) ?? local.data?.get(ref);

  const asks = !!q.photos;
  const current = () => photoRefsOf(answers.get(key));
  const setRefs = (next: string[]) => answers.set(key, next.length ? next : undefined);
  const replace = (from: string, to: string | null) => {
    const list = current();
    setRefs(to ? list.map((r) => (r === from ? to : r)) : list.filter((r) => r !== from));
  };
  /** A photo no longer in the answers (removed, or replaced by its marked-up copy): the device's copy goes. */
  const forget = (ref: string) => void forgetLocalPhoto(ref, me?.id).catch(() => undefined);

  /** Prepares, keeps and uploads one photo; `at`: the reference it replaces (a marked-up photo). */
  const addOne = async (file: Blob, label: string, at: string | null) => {
    const id = crypto.randomUUID();
    const ref = `${LOCAL_PHOTO_PREFIX}${id}`;
    setBusy((b) => [...b, { key: id, label: `Preparing ${label}…`, progress: null }]);
    try {
      const prepared = await preparePhoto(file, !!def.keepPhotoMetadata);
      showBlobs(ref, prepared.photo, prepared.thumbnail);
      const userId = me?.id ?? '';
      await keepOnDevice(id, userId, q.id, prepared);
      if (at) replace(at, ref);
      else setRefs([...current(), ref]);
      setBusy((b) => b.map((x) => (x.key === id ? { ...x, label: `Uploading ${label}…`, progress: 0 } : x)));
      try {
        const uploaded = await uploadPhoto({ key: id, questionId: q.id, photo: prepared.photo, thumbnail: prepared.thumbnail }, (f) =>
          setBusy((b) => b.map((x) => (x.key === id ? { ...x, progress: Math.round(f * 100) } : x))),
        );
        const shown = shownCache.get(ref);
        if (shown) shownCache.set(uploaded.id, shown);
        // The device keeps its copy until the answers naming the photo are saved: the hub removes
        // photos no saved form names after a day, and answers kept here may be saved later (pending.ts).
        await keepOnDevice(id, userId, q.id, prepared, uploaded.id);
        replace(ref, uploaded.id);
        if (at) forget(at);
      } catch (err) {
        if (err instanceof PhotoOfflineError) {
          if (at) forget(at);
          return; // kept on the device; sent with the form
        }
        // Refused: the answers go back to what they were (a marked-up photo's original stays).
        replace(ref, at);
        await deleteLocalPhoto(id).catch(() => undefined);
        setError((err as Error).message);
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy((b) => b.filter((x) => x.key !== id));
    }
  };

  const addFiles = async (files: FileList | null) => {
    setError(null);
    const list = [...(files ?? [])];
    const room = PHOTO_LIMITS.perQuestion - current().length;
    if (list.length > room) setError(photoMessages.tooManyOnQuestion);
    const taken = list.slice(0, Math.max(0, room));
    for (const [i, f] of taken.entries()) await addOne(f, taken.length > 1 ? `photo ${i + 1} of ${taken.length}` : 'photo', null);
  };

  const remove = (ref: string) => {
    replace(ref, null);
    forget(ref);
  };

  // Read-only (the submission view), a photo the hub no longer has (deleted in the back-office) shows no empty tile.
  const gone = (ref: string) => readOnly && !!server.data && !isLocalPhoto(ref) && !shownOf(ref);
  const tiles = refs.filter((ref) => !gone(ref)).map((ref, i) => ({ ref, n: i + 1, shown: shownOf(ref) }));
  const alt = (n: number) => `Photo ${n} for ${q.title}`;

  return (
    <div className={classes.section} data-photos-for={q.id}>
      {
        <>
          {(asks || readOnly) && (
            <Text size="sm" fw={600} mb={4}>
              {asks ? 'Photo evidence' : 'Photos'}
            </Text>
          )}
          {tiles.length > 0 && (
            <ul className={classes.grid} aria-label="Photos" aria-describedby={titleId}>
              {tiles.map(({ ref, n, shown }) => (
                <li key={ref} className={classes.tile}>
                  <button type="button" className={classes.thumbButton} onClick={() => setViewing(n - 1)} aria-label={`Open photo ${n}`}>
                    {shown ? (
                      <img src={shown.thumb} alt={alt(n)} loading="lazy" className={classes.thumb} />
                    ) : (
                      <span className={classes.thumbMissing}>{alt(n)}</span>
                    )}
                  </button>
                  {isLocalPhoto(ref) && !busy.length && (
                    <span className={classes.badge} title="Taken offline: it is uploaded when the form is sent">
                      Waiting to upload
                    </span>
                  )}
                  {!readOnly && (
                    <Group gap={4} className={classes.tileActions}>
                      <ActionIcon
                        size={44}
                        variant="default"
                        aria-label={`Mark up photo ${n}`}
                        disabled={!shown || busy.length > 0}
                        onClick={() => setMarking(n - 1)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon size={44} variant="default" color="red" aria-label={`Remove photo ${n}`} onClick={() => remove(ref)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </li>
              ))}
            </ul>
          )}
          {server.unreachable && (
            <OfflineNote>You are offline. Photos kept on the hub can't be shown until you are back online.</OfflineNote>
          )}
          {busy.map((b) => (
            <div key={b.key} className={classes.busy} role="status">
              <Text size="sm">{b.label}</Text>
              {b.progress !== null && <Progress value={b.progress} size="sm" aria-label={b.label} />}
            </div>
          ))}
          {!readOnly && (
            <Group gap="xs" mt={4}>
              <Button
                variant="light"
                mih={44}
                leftSection={<IconCamera size={18} aria-hidden />}
                onClick={() => camera.current?.click()}
                disabled={refs.length >= PHOTO_LIMITS.perQuestion}
              >
                Take photo
              </Button>
              <Button
                variant="default"
                mih={44}
                leftSection={<IconPhoto size={18} aria-hidden />}
                onClick={() => gallery.current?.click()}
                disabled={refs.length >= PHOTO_LIMITS.perQuestion}
              >
                Choose from gallery
              </Button>
              <input
                ref={camera}
                type="file"
                accept="image/*"
                capture="environment"
                hidden
                aria-label="Take photo"
                aria-describedby={titleId}
                data-photo-input="camera"
                onChange={(e) => {
                  void addFiles(e.currentTarget.files);
                  e.currentTarget.value = '';
                }}
              />
              <input
                ref={gallery}
                type="file"
                accept="image/*"
                multiple
                hidden
                aria-label="Choose from gallery"
                aria-describedby={titleId}
                data-photo-input="gallery"
                onChange={(e) => {
                  void addFiles(e.currentTarget.files);
                  e.currentTarget.value = '';
                }}
              />
            </Group>
          )}
          {error && (
            <Text c="red.8" size="sm" role="alert" mt={4}>
              {error}
            </Text>
          )}
        </>
      }
      {viewing !== null && tiles[viewing] && (
        <Modal opened onClose={() => setViewing(null)} title={alt(viewing + 1)} size="xl" centered>
          {tiles[viewing].shown ? (
            <Image src={tiles[viewing].shown.full} alt={alt(viewing + 1)} className={classes.full} />
          ) : (
            <Text>This photo is not available on this device.</Text>
          )}
          {tiles.length > 1 && (
            <Group justify="space-between" mt="sm">
              <Button variant="default" mih={44} disabled={viewing === 0} onClick={() => setViewing(viewing - 1)}>
                Previous
              </Button>
              <Text size="sm">
                {viewing + 1} of {tiles.length}
              </Text>
              <Button variant="default" mih={44} disabled={viewing === tiles.length - 1} onClick={() => setViewing(viewing + 1)}>
                Next
              </Button>
            </Group>
          )}
        </Modal>
      )}
      {marking !== null && tiles[marking]?.shown && (
        <MarkupEditor
          source={tiles[marking].shown.full}
          metadata={async () => {
            if (!def.keepPhotoMetadata) return null;
            const shown = tiles[marking].shown!;
            return metadataOf(shown.photo ?? (await fetch(shown.full).then((r) => r.blob())));
          }}
          title={alt(marking + 1)}
          onCancel={() => setMarking(null)}
          onSave={async (jpeg) => {
            const ref = tiles[marking].ref;
            setMarking(null);
            await addOne(jpeg, 'marked-up photo', ref);
          }}
        />
      )}
    </div>
  );
}
