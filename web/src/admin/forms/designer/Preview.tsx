import { Text } from '@mantine/core';
import { locateQuestion, type FormDefinition } from '@hub/model/forms';
import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import { FormFiller } from '../../../forms/FormFiller';
import { useDesigner } from './store';

/**
 * The live preview: the real filler in 'preview' mode on the whole definition being edited,
 * so show conditions on questions of other slides hold as they will for a member. It follows
 * the edits at low priority (useDeferredValue), so typing repaints first, and it is never
 * remounted by an edit: answers typed into it stay while their questions exist. While a slide
 * or question is being edited (`follow`) it moves to that slide.
 */
export function LivePreview({ follow }: { follow: boolean }) {
  const definition = useDeferredValue(useDesigner((s) => s.history.present));
  const mode = useDeferredValue(useDesigner((s) => (follow ? s.mode : 'view')));
  const editedSlide = useDeferredValue(useDesigner((s) => s.slide));
  const question = useDeferredValue(useDesigner((s) => s.question));
  const shown = useMemo<FormDefinition>(() => ({ ...definition, pagination: { type: 'page' } }), [definition]);
  // The question's own slide, where it is now (an undo or a move may have taken it elsewhere).
  const slide = useMemo(() => {
    if (mode === 'view') return null;
    if (mode === 'edit' && question !== null) return locateQuestion(definition, question)?.slide ?? editedSlide;
    return editedSlide;
  }, [mode, question, definition, editedSlide]);
  return <PreviewFiller definition={shown} slide={slide} followKey={mode === 'edit' ? `q:${question}` : mode} />;
}

const PreviewFiller = memo(function PreviewFiller({
  definition,
  slide,
  followKey,
}: {
  definition: FormDefinition;
  slide: number | null;
  followKey: string;
}) {
  useEffect(() => {
    // For the benchmark: when the preview caught up with an edit.
    performance.mark('designer:preview');
  }, [definition]);
  if (definition.slides.length === 0)
    return (
      <Text c="dimmed" py="md">
        Add a slide to see the form as a member will.
      </Text>
    );
  return (
    <div data-testid="designer-preview">
      <FormFiller definition={definition} mode="preview" showReviewSlide followSlide={slide} followKey={followKey} />
    </div>
  );
});
