import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { slideFromPath } from './FormFiller';
import { WIDGETS } from './QuestionView';
import type { WidgetProps } from './widgets/QuestionFrame';
import { makeDefinition, question, renderFiller, renderFillerAt, required } from './test-utils';

const threeSlides = () =>
  makeDefinition([
    { name: 'Details', contents: [question('name', 'text', { validators: required('name') })] },
    { name: 'Hazards', contents: [question('hazard', 'textArea')] },
    { name: 'Sign off', contents: [question('agree', 'checkbox')] },
  ]);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const step = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Form steps' })).getByRole('button', { name });

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
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
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

describe('FormFiller drafts and cancel', () => {
  it('asks before cancelling with unsaved changes: Discard and take me back', () => {
    const onCancel = vi.fn();
    const onSaveDraft = vi.fn(async () => {});
    renderFiller({ definition: threeSlides(), onCancel, onSaveDraft });
    type('Title name*', 'Alex');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Save progress as draft' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and take me back' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSaveDraft).not.toHaveBeenCalled();
  });

  it('asks before cancelling with unsaved changes: Save progress as draft', async () => {
    const onCancel = vi.fn();
    const onSaveDraft = vi.fn(async () => {});
    const def = makeDefinition([
      {
        name: 'Only',
        contents: [question('a', 'text'), question('b', 'text', { showConditions: [{ path: 'a', condition: 'equal', value: 'show' }] })],
      },
    ]);
    renderFiller({ definition: def, onCancel, onSaveDraft, initialAnswers: { b: 'hidden answer' } });
    type('Title a', 'Alex');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save progress as draft' }));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledWith({ a: 'Alex' }));
    expect(onCancel).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels at once when nothing changed, and offers Save draft in fill mode', async () => {
    const onCancel = vi.fn();
    const onSaveDraft = vi.fn(async () => {});
    renderFiller({ definition: threeSlides(), onCancel, onSaveDraft });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledWith({}));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('FormFiller url pagination', () => {
  it('reads the slide from the path, falls back to slide 1 and writes it on Next', async () => {
    const def = { ...threeSlides(), pagination: { type: 'url' as const } };
    const router = renderFillerAt('/form/slide/2/', { definition: def, initialAnswers: { name: 'A' } });
    expect(screen.getByRole('heading', { name: 'Hazards' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/slide/3/'));
    expect(screen.getByRole('heading', { name: 'Sign off' })).toBeTruthy();
    await act(() => router.navigate('/form/slide/9/'));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
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
