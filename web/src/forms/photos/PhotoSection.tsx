import { Button, Loader } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { photoKey, photoRefsOf, type Question } from '@hub/model/forms';
import { Suspense, lazy, useState } from 'react';
import { useAnswer } from '../context';
import { useQuestionIds } from '../widgets/QuestionFrame';
import classes from './photos.module.css';

/** The photo controls, thumbnails, upload and markup: loaded on first use, out of the site's first load. */
const PhotoPanel = lazy(() => import('./PhotoPanel'));

/**
 * Photo evidence of one question (docs/forms.md, Photo evidence): on a question asking for it
 * (`photos: true`) a section with Take photo and Choose from gallery; on every other question a
 * small 'Add photo' that opens the same; read-only (the submission view) the thumbnails, each
 * opening the full photo. See PhotoPanel.tsx.
 */
export function PhotoSection({ q, readOnly }: { q: Question; readOnly: boolean }) {
  const refs = photoRefsOf(useAnswer(photoKey(q.id)));
  const titleId = useQuestionIds(q).title;
  const [open, setOpen] = useState(false);
  if (readOnly && !refs.length) return null;
  // Most questions show only this button: nothing else is mounted for them (a 200-question form stays fast).
  if (!readOnly && !q.photos && !refs.length && !open)
    return (
      <div className={classes.section} data-photos-for={q.id}>
        {/* Named 'Add photo', described by the question's title: a label holding the title would also label the question. */}
        <Button
          variant="subtle"
          size="compact-sm"
          mih={44}
          leftSection={<IconPhotoPlus size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          aria-describedby={titleId}
        >
          Add photo
        </Button>
      </div>
    );
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading photos" className={classes.section} />}>
      <PhotoPanel q={q} readOnly={readOnly} refs={refs} titleId={titleId} />
    </Suspense>
  );
}
