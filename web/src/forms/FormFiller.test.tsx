import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { slideFromPath } from './FormFiller';
import { WIDGETS } from './QuestionView';
import type { WidgetProps } from './widgets/QuestionFrame';
import { makeDefinition, question, renderFiller, renderFillerAt, required, step, threeSlides, type } from './test-utils';

describe('FormFiller navigation', () => {
  it('blocks Next until the slide validates, showing the message under the question', () => {
    renderFiller({ definition: threeSlides() });
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    // Revalidation is on: answering clears the message at once.
    type('Title name*', 'Alex');
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
  });

  it('moves back freely, allows the next step only after validation and disables steps further ahead', () => {
    renderFiller({ definition: threeSlides() });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect((step(/Sign off/) as HTMLButtonElement).disabled).toBe(true);
    expect((step(/Hazards/) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(step(/Hazards/));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();

    type('Title name*', 'Alex');
    fireEvent.click(step(/Hazards/));
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
    expect(step(/Hazards/).getAttribute('aria-current')).toBe('step');
    expect((step(/Sign off/) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    // The answer survived the trip.
    expect((screen.getByLabelText('Title name*') as HTMLInputElement).value).toBe('Alex');
  });

  it('shows Cancel on the first slide only and the submit button on the last', () => {
    renderFiller({ definition: threeSlides(), onCancel: () => {}, initialAnswers: { name: 'A' }, submitText: 'Send' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});

describe('FormFiller show conditions and submit', () => {
  const conditional = () =>
    makeDefinition([
      {
        name: 'Only',
        contents: [
          question('injured', 'checkbox'),
          question('injury', 'text', {
            validators: required('injury'),
            showConditions: [{ path: 'injured', condition: 'equal', value: true }],
          }),
        ],
      },
    ]);

  it('hides a question until its condition holds, skips it in validation and removes its answer on submit', async () => {
    const onSubmit = vi.fn(async () => {});
    renderFiller({ definition: conditional(), onSubmit, initialAnswers: { injury: 'left over' } });
    expect(screen.queryByLabelText('Title injury*')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({});
  });

  it('shows the question once the condition holds and then requires it', async () => {
    const onSubmit = vi.fn(async () => {});
    renderFiller({ definition: conditional(), onSubmit });
    fireEvent.click(screen.getByLabelText('Title injured'));
    expect(screen.getByLabelText('Title injury*')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('Title injury*', 'Cut finger');
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ injured: true, injury: 'Cut finger' }));
  });

  it('on a failed submit switches revalidation on and goes to the first slide with an error', async () => {
    const def = makeDefinition([
      {
        name: 'One',
        contents: [
          question('a', 'text'),
          question('c', 'text', { validators: required('c'), showConditions: [{ path: 'b', condition: 'equal', value: 'more' }] }),
        ],
      },
      { name: 'Two', contents: [question('b', 'text')] },
    ]);
    const onSubmit = vi.fn(async () => {});
    renderFiller({ definition: def, onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    type('Title b', 'more');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('heading', { name: 'One' })).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title c*')));
    type('Title c*', 'details');
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not render the review slide unless asked, and edit mode submits after validateReview', async () => {
    const def = makeDefinition([
      { name: 'Work', contents: [question('w', 'text', { validators: required('w') })] },
      {
        name: 'Review Slide',
        contents: [
          question('ReviewSlide-option', 'radiobutton', {
            options: [
              { id: '1', value: 'Satisfactory' },
              { id: '2', value: 'CI Improvement Opportunity' },
            ],
            validators: required('ReviewSlide-option'),
          }),
          question('ReviewSlide-comments', 'textArea'),
        ],
      },
    ]);
    const { unmount } = renderFiller({ definition: def });
    expect(screen.queryByRole('button', { name: /Review Slide/ })).toBeNull();
    unmount();

    const onSubmit = vi.fn(async () => {});
    renderFiller({
      definition: def,
      mode: 'edit',
      showReviewSlide: true,
      onSubmit,
      initialAnswers: { w: 'done' },
      submitText: 'Save review',
    });
    // A review opens on the review slide.
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Satisfactory'));
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ w: 'done', 'ReviewSlide-option': 'Satisfactory' }));
  });

  it('renders answers read-only in view mode without a submit button', () => {
    renderFiller({ definition: threeSlides(), mode: 'view', initialAnswers: { name: 'Alex' } });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Alex')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect((step(/Sign off/) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('FormFiller url pagination', () => {
  const urlForm = () => ({ ...threeSlides(), pagination: { type: 'url' as const } });

  it('opens the slide of a deep link and writes the address on Next and Back', async () => {
    const router = renderFillerAt('/form/slide/2/', { definition: urlForm(), initialAnswers: { name: 'A' } });
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
    expect(step(/Hazards/).getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/3/'));
    expect(screen.getByRole('heading', { name: 'Sign off' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/2/'));
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
  });

  it('Next validates first: an invalid slide keeps the address', async () => {
    const router = renderFillerAt('/form/slide/1/', { definition: urlForm() });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form/slide/1/');
  });

  it('falls back to slide 1 for an unknown or missing slide number and corrects the address', async () => {
    const router = renderFillerAt('/form/slide/9/', { definition: urlForm(), initialAnswers: { name: 'A' } });
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/1/'));
    // Replaced, not pushed: Back does not return to the unknown slide.
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate('/form/slide/x/'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/1/'));
    await act(() => router.navigate('/form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/1/'));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/2/'));
  });

  it('parses slide numbers', () => {
    expect(slideFromPath('/f/slide/3/', '/f', 5)).toBe(3);
    expect(slideFromPath('/f/slide/3', '/f/', 5)).toBe(3);
    expect(slideFromPath('/f/slide/0/', '/f', 5)).toBe(1);
    expect(slideFromPath('/f/slide/x/', '/f', 5)).toBe(1);
    expect(slideFromPath('/f', '/f', 5)).toBe(1);
  });

  it('treats url pagination as page in preview mode', () => {
    const def = { ...threeSlides(), pagination: { type: 'url' as const } };
    renderFiller({ definition: def, mode: 'preview', routePath: '/form', initialAnswers: { name: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
  });
});

describe('FormFiller scroll pagination', () => {
  it('stacks every slide with no Back or Next', () => {
    renderFiller({ definition: { ...threeSlides(), pagination: { type: 'scroll' } } });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Details', 'Hazards', 'Sign off']);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});

describe('FormFiller rendering cost', () => {
  it('re-renders only the question typed into (and those whose conditions read it)', () => {
    const renders: Record<string, number> = {};
    const original = WIDGETS.text;
    const count = (id: string) => (renders[id] = (renders[id] ?? 0) + 1);
    // A Profiler reports every commit inside it, including the widget's own re-renders.
    const Counting: ComponentType<WidgetProps> = (p) => {
      const Widget = original;
      return (
        <Profiler id={p.q.id} onRender={() => count(p.q.id)}>
          <Widget {...p} />
        </Profiler>
      );
    };
    WIDGETS.text = Counting;
    try {
      const contents = Array.from({ length: 30 }, (_, i) => question(`t${i}`, 'text'));
      contents.push(question('dep', 'text', { showConditions: [{ path: 't0', condition: 'notEqual', value: 'hide' }] }));
      renderFiller({ definition: makeDefinition([{ name: 'Many', contents }], 'scroll') });
      const before = { ...renders };
      type('Title t0', 'a');
      type('Title t0', 'ab');
      expect(renders.t0 - before.t0).toBe(2);
      for (let i = 1; i < 30; i++) expect(renders[`t${i}`]).toBe(before[`t${i}`]);
      // Visible before and after: its visibility did not change, so it did not re-render either.
      expect(renders.dep).toBe(before.dep);
      type('Title t0', 'hide');
      expect(screen.queryByLabelText('Title dep')).toBeNull();
    } finally {
      WIDGETS.text = original;
    }
  });
});

const reviewForm = () =>
  makeDefinition([
    { name: 'Work', contents: [question('w', 'text', { validators: required('w') })] },
    {
      name: 'Review Slide',
      contents: [
        question('ReviewSlide-option', 'radiobutton', {
          options: [
            { id: '1', value: 'Satisfactory' },
            { id: '2', value: 'CI Improvement Opportunity' },
          ],
        }),
        question('ReviewSlide-message', 'statement', {
          className: 'Important',
          content: 'Please describe the improvement opportunity in the comments below.',
          showConditions: [{ path: 'ReviewSlide-option', condition: 'equal', value: 'CI Improvement Opportunity' }],
        }),
        question('ReviewSlide-comments', 'textArea'),
      ],
    },
  ]);

describe('FormFiller review', () => {
  it('a review (edit mode) opens on the review slide; viewing opens on the first', () => {
    const { unmount } = renderFiller({ definition: reviewForm(), mode: 'edit', showReviewSlide: true, initialAnswers: { w: 'done' } });
    expect(step(/Review Slide/).getAttribute('aria-current')).toBe('step');
    expect(screen.getByLabelText('Satisfactory')).toBeTruthy();
    expect(screen.queryByText('done')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    unmount();

    renderFiller({ definition: reviewForm(), mode: 'view', showReviewSlide: true, initialAnswers: { w: 'done' } });
    expect(step(/Work/).getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('done')).toBeTruthy();
  });

  it('a review in the scroll layout scrolls the review slide into view', () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      const def = { ...reviewForm(), pagination: { type: 'scroll' as const } };
      renderFiller({ definition: def, mode: 'edit', showReviewSlide: true, initialAnswers: { w: 'done' } });
      expect(scrolled).toHaveLength(1);
      expect(document.getElementById(scrolled[0])?.textContent).toContain('Review Slide');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('in edit mode shows every other slide read-only and only the review slide editable', async () => {
    const onSubmit = vi.fn(async () => {});
    renderFiller({
      definition: reviewForm(),
      mode: 'edit',
      showReviewSlide: true,
      onSubmit,
      initialAnswers: { w: 'done' },
      submitText: 'Save review',
    });
    // Any step can be opened, as in view mode; the work is read-only.
    fireEvent.click(step(/Work/));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('done')).toBeTruthy();
    fireEvent.click(step(/Review Slide/));
    fireEvent.click(screen.getByLabelText('CI Improvement Opportunity'));
    expect(screen.getByText(/Please describe the improvement opportunity/)).toBeTruthy();
    type('Title ReviewSlide-comments', 'Second spotter');
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        w: 'done',
        'ReviewSlide-option': 'CI Improvement Opportunity',
        'ReviewSlide-comments': 'Second spotter',
      }),
    );
  });

  it('hides statements on a read-only review slide (they address the reviewer)', () => {
    renderFiller({
      definition: reviewForm(),
      mode: 'view',
      showReviewSlide: true,
      initialAnswers: { w: 'done', 'ReviewSlide-option': 'CI Improvement Opportunity', 'ReviewSlide-comments': 'Spotter' },
    });
    fireEvent.click(step(/Review Slide/));
    expect(screen.getByText('CI Improvement Opportunity')).toBeTruthy();
    expect(screen.getByText('Spotter')).toBeTruthy();
    expect(screen.queryByText(/Please describe the improvement opportunity/)).toBeNull();
  });
});
