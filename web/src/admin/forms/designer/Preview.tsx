import { Text } from '@mantine/core';
import type { FormDefinition } from '@hub/model/forms';
import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import { FormFiller } from '../../../forms/FormFiller';
import { useDesigner } from './store';

/**
 * The live preview: the real filler in 'preview' mode on the definition being edited. It
 * follows the edits at low priority (useDeferredValue), so typing repaints first. While a
 * slide or question is being edited it shows that slide.
 */
export function LivePreview({ focusSlide }: { focusSlide: boolean }) {
  const definition = useDesigner((s) => s.history.present);
  const slide = useDesigner((s) => (focusSlide ? s.slide : null));
  const deferred = useDeferredValue(definition);
  const shown = useMemo<FormDefinition>(() => {
    const paged: FormDefinition = { ...deferred, pagination: { type: 'page' } };
    if (slide === null || !deferred.slides[slide]) return paged;
    // The filler opens on its first slide: the slide being edited, alone.
    return { ...paged, slides: [deferred.slides[slide]] };
  }, [deferred, slide]);
  return <PreviewFiller definition={shown} slideKey={slide === null ? 'all' : `slide-${slide}`} />;
}

const PreviewFiller = memo(function PreviewFiller({ definition, slideKey }: { definition: FormDefinition; slideKey: string }) {
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
      <FormFiller key={slideKey} definition={definition} mode="preview" showReviewSlide />
    </div>
  );
});
