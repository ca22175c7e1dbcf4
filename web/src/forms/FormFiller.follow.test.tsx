import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { FormFiller, type FormFillerProps } from './FormFiller';
import { threeSlides, type } from './test-utils';

/** The designer's preview: the filler follows the slide being edited (followSlide, followKey). */
function preview(props: Partial<FormFillerProps>) {
  return (
    <MantineProvider theme={theme} env="test">
      <FormFiller mode="preview" definition={threeSlides()} {...props} />
    </MantineProvider>
  );
}

describe('FormFiller following a slide (the designer preview)', () => {
  it('opens on the slide asked for and moves when it changes, keeping the answers and the focus', () => {
    const definition = threeSlides();
    const { rerender } = render(preview({ definition, followSlide: 2, followKey: 'a' }));
    expect(screen.getByRole('heading', { name: 'Sign off' })).toBeTruthy();

    rerender(preview({ definition, followSlide: 0, followKey: 'a' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    type('Title name*', 'Alex');

    // The focus stays where the designer has it (the question editor), not on the preview's slide title.
    const outside = document.createElement('input');
    document.body.appendChild(outside);
    outside.focus();
    rerender(preview({ definition, followSlide: 1, followKey: 'a' }));
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
    expect(document.activeElement).toBe(outside);
    outside.remove();

    // Back and Next still step through; the same request does not pull the preview back...
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect((screen.getByLabelText('Title name*') as HTMLInputElement).value).toBe('Alex');
    rerender(preview({ definition: { ...definition }, followSlide: 1, followKey: 'a' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    // ...a new one (another question on that slide) does.
    rerender(preview({ definition, followSlide: 1, followKey: 'b' }));
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
  });

  it('goes to a slide that was not there yet once it appears', () => {
    const full = threeSlides();
    const two = { ...full, slides: full.slides.slice(0, 2) };
    const { rerender } = render(preview({ definition: two, followSlide: 2, followKey: 'new' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    rerender(preview({ definition: full, followSlide: 2, followKey: 'new' }));
    expect(screen.getByRole('heading', { name: 'Sign off' })).toBeTruthy();
  });
});
