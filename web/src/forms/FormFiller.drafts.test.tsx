import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GraphqlError } from '../client/graphql';
import { answerIssuesFromError } from './server-issues';
import { makeDefinition, question, renderFiller, renderFillerAt, threeSlides, type } from './test-utils';

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
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledWith({ a: 'Alex' }, { continueNavigation: false }));
    expect(onCancel).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels at once when nothing changed, and offers Save draft in fill mode', async () => {
    const onCancel = vi.fn();
    const onSaveDraft = vi.fn(async () => {});
    renderFiller({ definition: threeSlides(), onCancel, onSaveDraft });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledWith({}, { continueNavigation: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('FormFiller cancel with a saved draft', () => {
  it('asks even without changes, saying the saved draft will be deleted', () => {
    const onCancel = vi.fn();
    renderFiller({ definition: threeSlides(), onCancel, onSaveDraft: async () => {}, hasSavedDraft: true, initialAnswers: { name: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Cancelling deletes your saved draft of this form\. This cannot be undone/)).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and take me back' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('names the unsaved answers too when there are changes, and Save progress as draft keeps everything', async () => {
    const onCancel = vi.fn();
    const onSaveDraft = vi.fn(async () => {});
    renderFiller({ definition: threeSlides(), onCancel, onSaveDraft, hasSavedDraft: true });
    type('Title name*', 'Alex');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/deletes your saved draft of this form and discards your unsaved answers/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save progress as draft' }));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledWith({ name: 'Alex' }, { continueNavigation: false }));
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('FormFiller leaving with unsaved answers', () => {
  const leave = (router: ReturnType<typeof renderFillerAt>) => act(() => router.navigate('/elsewhere'));

  it('leaves freely while nothing changed', async () => {
    const router = renderFillerAt('/form', { definition: threeSlides(), onSaveDraft: async () => {} });
    await leave(router);
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('blocks navigation with the incomplete-form modal; Discard and take me back goes on', async () => {
    const router = renderFillerAt('/form', { definition: threeSlides(), onSaveDraft: async () => {} });
    type('Title name*', 'Alex');
    await leave(router);
    expect(router.state.location.pathname).toBe('/form');
    const dialog = screen.getByRole('dialog', { name: 'This form is incomplete' });
    // Closing the modal stays on the form.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await leave(router);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard and take me back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('Save progress as draft saves, then goes on to where the user was going', async () => {
    const onSaveDraft = vi.fn(async () => {});
    const router = renderFillerAt('/form', { definition: threeSlides(), onSaveDraft });
    type('Title name*', 'Alex');
    await leave(router);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save progress as draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(onSaveDraft).toHaveBeenCalledWith({ name: 'Alex' }, { continueNavigation: true });
  });

  it('never blocks the navigation of a save or a submit', async () => {
    const def = makeDefinition([{ name: 'Only', contents: [question('a', 'text')] }]);
    const go = async () => {
      await router.navigate('/elsewhere');
    };
    const router = renderFillerAt('/form', { definition: def, onSaveDraft: go, onSubmit: go });
    type('Title a', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/form'));
    type('Title a', 'y');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a reload or closing the tab while answers are unsaved', async () => {
    const onSaveDraft = vi.fn(async () => {});
    renderFiller({ definition: threeSlides(), onSaveDraft });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('Title name*', 'Alex');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalled());
    await waitFor(() => expect(unload()).toBe(false));
  });
});

describe('FormFiller refused saves', () => {
  const refusal = (issues: { path: string; message: string }[]) =>
    new GraphqlError(issues[0].message, [
      {
        message: issues[0].message,
        extensions: { code: 'VALIDATION', path: issues[0].path, issues: issues.map((i) => ({ ...i, code: 'invalid' })) },
      },
    ]);

  it('shows the server messages under their questions and goes to the first slide in error', async () => {
    const def = makeDefinition([
      { name: 'One', contents: [question('a', 'text'), question('rm', 'riskMatrix')] },
      { name: 'Two', contents: [question('b', 'text')] },
    ]);
    const onSubmit = vi.fn(async () => {
      throw refusal([
        { path: 'submissionData.a', message: 'The given input is invalid' },
        { path: 'submissionData.rm-riskScore', message: 'Choose a risk' },
        { path: 'submissionData.b', message: 'Please enter a valid email' },
      ]);
    });
    renderFiller({ definition: def, onSubmit, initialAnswers: { a: 'x', b: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'One' })).toBeTruthy());
    expect(screen.getByText('The given input is invalid')).toBeTruthy();
    expect(screen.getByText('Choose a risk')).toBeTruthy();
    // Changing the answer drops its message; the others stay until theirs change.
    type('Title a', 'xy');
    expect(screen.queryByText('The given input is invalid')).toBeNull();
    expect(screen.getByText('Choose a risk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'One' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Likelihood Rare, consequence Minor/ }));
    expect(screen.queryByText('Choose a risk')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
  });

  it('does the same for a refused draft', async () => {
    const onSaveDraft = vi.fn(async () => {
      throw refusal([{ path: 'submissionData.name', message: 'This field is too long' }]);
    });
    renderFiller({ definition: threeSlides(), onSaveDraft, initialAnswers: { name: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy());
    expect(screen.getByText('This field is too long')).toBeTruthy();
  });

  it('reads the issues of a GraphQL validation error only', () => {
    expect(answerIssuesFromError(refusal([{ path: 'submissionData.q', message: 'Bad' }]))).toEqual([{ path: 'q', message: 'Bad' }]);
    expect(answerIssuesFromError(new GraphqlError('x', [{ message: 'Single', extensions: { path: 'submissionData.z' } }]))).toEqual([
      { path: 'z', message: 'Single' },
    ]);
    expect(answerIssuesFromError(new GraphqlError('x', [{ message: 'Nope', extensions: { path: 'name' } }]))).toEqual([]);
    expect(answerIssuesFromError(new Error('network'))).toEqual([]);
  });
});
