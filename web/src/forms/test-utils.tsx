import { MantineProvider } from '@mantine/core';
import type { Answers, FormDefinition, Question, Slide } from '@hub/model/forms';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';
import { FormFiller, type FormFillerProps } from './FormFiller';

// Vitest runs without globals, so testing-library cannot clean up by itself.
afterEach(cleanup);

/** A definition from slides (pagination 'page' unless given). */
export function makeDefinition(slides: Slide[], pagination: FormDefinition['pagination']['type'] = 'page'): FormDefinition {
  return { slides, pagination: { type: pagination }, customOptions: [] };
}

export const required = (id: string) => [{ path: id, validator: 'required' }];

export function question(id: string, questionType: Question['questionType'], extra: Partial<Question> = {}): Question {
  return { id, title: `Title ${id}`, questionType, ...extra };
}

/** The filler in the app's theme, transitions and portals off (Mantine's test env). */
export function renderFiller(props: Partial<FormFillerProps> & { definition: FormDefinition }) {
  return render(
    <MantineProvider theme={theme} env="test">
      <FormFiller mode="fill" {...props} />
    </MantineProvider>,
  );
}

/** The filler under a memory (data) router at `path`, with routePath '/form' and a page '/elsewhere' to leave to. */
export function renderFillerAt(path: string, props: Partial<FormFillerProps> & { definition: FormDefinition }) {
  const router = createMemoryRouter(
    [
      {
        path: '/form/*',
        element: <FormFiller mode="fill" routePath="/form" {...props} />,
      },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

/** Three slides: a required name, a hazard text, a sign-off checkbox. */
export const threeSlides = () =>
  makeDefinition([
    { name: 'Details', contents: [question('name', 'text', { validators: required('name') })] },
    { name: 'Hazards', contents: [question('hazard', 'textArea')] },
    { name: 'Sign off', contents: [question('agree', 'checkbox')] },
  ]);

/** Types `value` into the input labelled `label`. */
export const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The step indicator's button named `name`. */
export const step = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Form steps' })).getByRole('button', { name });

/** One slide of questions; returns a function that submits and resolves the answers handed over. */
export function fill(contents: Question[], extra: Partial<FormFillerProps> = {}) {
  const onSubmit = vi.fn(async (_answers: Answers) => {});
  renderFiller({ definition: makeDefinition([{ name: 'Slide', contents }], 'scroll'), onSubmit, ...extra });
  return async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls[0][0];
  };
}
/** Options of a choice question. */
export const options = (...values: string[]) => values.map((value, i) => ({ id: String(i), value }));
