import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { GraphqlError } from '../../../client/graphql';
import DesignerPage from './DesignerPage';

const graphqlRequest = vi.fn();
vi.mock('../../../client/graphql', async (original) => ({
  ...(await original<typeof import('../../../client/graphql')>()),
  graphqlRequest: (...args: unknown[]) => graphqlRequest(...args),
}));

const definition = (slideName: string) =>
  JSON.stringify({
    slides: [{ name: slideName, contents: [{ id: 'q1', title: 'Site name', questionType: 'text' }] }],
    pagination: { type: 'page' },
    customOptions: [],
  });

const v1 = {
  id: 'v1',
  version: 1,
  created: '2024-03-01 10:00:00',
  modified: '2024-03-02 11:22:33',
  active: true,
  inUse: false,
  formData: definition('First'),
};
const v2 = {
  id: 'v2',
  version: 2,
  created: '2024-04-01 10:00:00',
  modified: '2024-04-02 08:09:10',
  active: true,
  inUse: false,
  formData: definition('Second'),
};

function formWith(versions: object[], publishedVersionId: string | null) {
  return {
    formsEntity: { id: 'f1', name: 'Ladder check', formType: 'INSPECTIONS', publishedVersionId, status: null, formVersions: versions },
  };
}

function openAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/forms/build/:entity/:id', element: <DesignerPage /> },
      { path: '/admin/forms/build', element: <DesignerPage /> },
      { path: '/admin/forms', element: <p>Forms Builder page</p> },
      { path: '/404', element: <p>Not found page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

/** Picks an item of a menu opened by the button named `button`. */
async function choose(button: string | RegExp, item: string) {
  fireEvent.click(screen.getAllByRole('button', { name: button })[0]);
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

const key = (k: string, extra: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(window, { key: k, ctrlKey: true, ...extra });

beforeEach(() => {
  graphqlRequest.mockReset();
  notifications.clean();
});
afterEach(cleanup);

describe('opening the designer', () => {
  it('sends an entity other than FormsEntity to /404', async () => {
    openAt('/admin/forms/build/assetentity/f1');
    expect(await screen.findByText('Not found page')).toBeTruthy();
    expect(graphqlRequest).not.toHaveBeenCalled();
  });

  it('reads the entity in any letter case and opens the published version', async () => {
    graphqlRequest.mockResolvedValue(formWith([v1, v2], 'v1'));
    openAt('/admin/forms/build/FORMSentity/f1');
    expect(await screen.findByText('Ladder check')).toBeTruthy();
    expect(graphqlRequest.mock.calls[0][1]).toEqual({ id: 'f1' });
    expect(screen.getByTestId('designer-status').textContent).toBe('Published');
    expect(screen.getByText(/^Last updated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Slide 1: First/ })).toBeTruthy();
  });

  it('opens the version asked for in ?version=, as a Draft', async () => {
    graphqlRequest.mockResolvedValue(formWith([v1, v2], 'v1'));
    openAt('/admin/forms/build/formsentity/f1?version=v2');
    expect(await screen.findByRole('button', { name: /Slide 1: Second/ })).toBeTruthy();
    expect(screen.getByTestId('designer-status').textContent).toBe('Draft');
  });

  it('shows No Version without an id, with a way back to the Forms Builder', async () => {
    const router = openAt('/admin/forms/build');
    expect(screen.getByText('No Version')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the Forms Builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms'));
  });

  it('shows the loading failure with the error', async () => {
    graphqlRequest.mockRejectedValue(new GraphqlError('Access denied to FormsEntity', []));
    openAt('/admin/forms/build/formsentity/f1');
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong with loading the data.');
    expect(alert.textContent).toContain('Access denied to FormsEntity');
  });
});

describe('building', () => {
  beforeEach(() => graphqlRequest.mockResolvedValue(formWith([], null)));

  it('starts a form without versions on an empty version 1 and shows the slide rules as messages', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    expect(screen.getByTestId('designer-status').textContent).toBe('Draft');
    await choose('Add a new slide', 'Review');
    expect(await screen.findByRole('button', { name: /Slide 1:/ })).toBeTruthy();
    await choose('Add a new slide', 'Standard');
    expect(await screen.findByText('Review slide exists. Remove review slide to add a new slide.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Slide 2:/ })).toBeNull();
  });

  it("adds a question titled 'New {type name}' and shows it in the live preview", async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    await choose('Add a new slide', 'Standard');
    expect(await screen.findByRole('button', { name: /^Slide 1: New Slide/ })).toBeTruthy();
    await choose('Add question', 'Text Area');
    const preview = await screen.findByTestId('designer-preview');
    await waitFor(() => expect(within(preview).getByText('New Text Area')).toBeTruthy());
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z and Ctrl+Y', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    await choose('Add a new slide', 'Standard');
    await choose('Add a new slide', 'Notification');
    expect(await screen.findByRole('button', { name: /Slide 2:/ })).toBeTruthy();
    act(() => void key('z'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Slide 2:/ })).toBeNull());
    act(() => void key('z'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Slide 1:/ })).toBeNull());
    act(() => void key('Z', { shiftKey: true }));
    expect(await screen.findByRole('button', { name: /Slide 1:/ })).toBeTruthy();
    act(() => void key('y'));
    expect(await screen.findByRole('button', { name: /Slide 2:/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redo' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('saving', () => {
  const saved = { id: 'v3', created: '2024-05-01 10:00:00', modified: '2024-05-01 10:00:00', formId: 'f1', formData: '{}', version: 3 };

  it('creates a new version when the selected one is the published one (Save and Publish: publishVersion true)', async () => {
    graphqlRequest.mockImplementation((query: string) =>
      Promise.resolve(query.includes('mutation') ? { createFormsEntityFormVersion: [saved] } : formWith([v1], 'v1')),
    );
    const router = openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms'));
    const [query, variables] = graphqlRequest.mock.calls.find((c) => String(c[0]).includes('mutation'))!;
    expect(query).toContain('createFormsEntityFormVersion(formsEntityFormVersionModels: $models)');
    const [model] = variables.models;
    expect(model).toEqual({ formId: 'f1', formData: expect.any(String), publishVersion: true, active: true });
    expect(JSON.parse(model.formData).slides[0].name).toBe('First');
  });

  it('updates the selected version when the form has a different published version (Save Draft: publishVersion false)', async () => {
    graphqlRequest.mockImplementation((query: string) =>
      Promise.resolve(
        query.includes('mutation') ? { updateFormsEntityFormVersion: [{ ...saved, id: 'v2', version: 2 }] } : formWith([v1, v2], 'v1'),
      ),
    );
    const router = openAt('/admin/forms/build/formsentity/f1?version=v2');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms'));
    const [query, variables] = graphqlRequest.mock.calls.find((c) => String(c[0]).includes('mutation'))!;
    expect(query).toContain('updateFormsEntityFormVersion(formsEntityFormVersionModels: $models)');
    expect(variables.models[0]).toMatchObject({ id: 'v2', formId: 'f1', publishVersion: false });
  });

  it('creates a new version when the selected draft already has submissions (it is in use)', async () => {
    graphqlRequest.mockImplementation((query: string) =>
      Promise.resolve(
        query.includes('mutation') ? { createFormsEntityFormVersion: [saved] } : formWith([v1, { ...v2, inUse: true }], 'v1'),
      ),
    );
    const router = openAt('/admin/forms/build/formsentity/f1?version=v2');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms'));
    const [query, variables] = graphqlRequest.mock.calls.find((c) => String(c[0]).includes('mutation'))!;
    expect(query).toContain('createFormsEntityFormVersion');
    expect(variables.models[0].id).toBeUndefined();
  });

  it("shows 'Could not save form version' with the server's message and stays", async () => {
    graphqlRequest.mockImplementation((query: string) =>
      query.includes('mutation')
        ? Promise.reject(new GraphqlError('formData: slides.0.contents.0.title: Required', []))
        : Promise.resolve(formWith([v1], 'v1')),
    );
    const router = openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Could not save form version')).toBeTruthy();
    expect(screen.getByText('formData: slides.0.contents.0.title: Required')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/forms/build/formsentity/f1');
  });
});

describe('the live preview', () => {
  // Slide 2's question shows only when slide 1's answer is 'No': the preview must hold the whole form.
  const twoSlides = JSON.stringify({
    slides: [
      { name: 'Site', contents: [{ id: 'safe', title: 'Is it safe?', questionType: 'text' }] },
      {
        name: 'Faults',
        contents: [
          { id: 'always', title: 'Inspector', questionType: 'text' },
          {
            id: 'fault',
            title: 'Describe the fault',
            questionType: 'text',
            showConditions: [{ path: 'safe', condition: 'equal', value: 'No' }],
          },
        ],
      },
    ],
    pagination: { type: 'page' },
    customOptions: [],
  });
  beforeEach(() => {
    graphqlRequest.mockResolvedValue(formWith([{ ...v1, formData: twoSlides }], 'v1'));
  });

  it('moves to the slide being edited, where a condition on another slide holds, and keeps the answers through edits', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    const preview = screen.getByTestId('designer-preview');
    fireEvent.change(within(preview).getByLabelText('Is it safe?'), { target: { value: 'No' } });

    // Editing slide 2's question: the preview shows slide 2 of the whole form, so the condition on slide 1 holds.
    fireEvent.click(screen.getByRole('button', { name: /^Slide 2: Faults/ }));
    fireEvent.click(await within(await screen.findByTestId('question-always')).findByRole('button', { name: /^Inspector/ }));
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Faults' })).toBeTruthy());
    expect(within(preview).getByLabelText('Describe the fault')).toBeTruthy();

    // An edit reaches the preview without losing what was typed there.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Inspector name' } });
    await waitFor(() => expect(within(preview).getByLabelText('Inspector name')).toBeTruthy());
    expect(within(preview).getByLabelText('Describe the fault')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Back' }));
    expect(((await within(preview).findByLabelText('Is it safe?')) as HTMLInputElement).value).toBe('No');
  });

  it('opens on the first slide; a closed slide shows its questions once opened and stays open after its question is edited', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    // The control is named by what it shows: number, name and count.
    const first = screen.getByRole('button', { name: 'Slide 1: Site 1 question' });
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('question-safe')).toBeTruthy();
    const second = screen.getByRole('button', { name: 'Slide 2: Faults 2 questions' });
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('question-always')).toBeNull();
    fireEvent.click(second);
    fireEvent.click(await within(await screen.findByTestId('question-always')).findByRole('button', { name: /^Inspector/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect((await screen.findByRole('button', { name: /^Slide 2: Faults/ })).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('question-always')).toBeTruthy();
    expect(screen.getByTestId('question-fault')).toBeTruthy();
  });

  it('marks a row whose question has show conditions as Conditional', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: /^Slide 2: Faults/ }));
    expect(within(await screen.findByTestId('question-fault')).getByText('Conditional')).toBeTruthy();
    expect(within(screen.getByTestId('question-always')).queryByText('Conditional')).toBeNull();
  });

  it('opens a question row’s menu on its first click and moves the question with it', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: /^Slide 2: Faults/ }));
    await screen.findByRole('button', { name: 'Question menu: Describe the fault' });
    await choose('Question menu: Describe the fault', 'Move up');
    await waitFor(() =>
      expect(screen.getAllByTestId(/^question-/).map((el) => el.dataset.testid)).toEqual([
        'question-safe',
        'question-fault',
        'question-always',
      ]),
    );
  });

  it('hides the other slide’s conditional question when the answer it reads does not match', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    const preview = screen.getByTestId('designer-preview');
    fireEvent.change(within(preview).getByLabelText('Is it safe?'), { target: { value: 'Yes' } });
    fireEvent.click(screen.getByRole('button', { name: /^Slide 2: Faults/ }));
    fireEvent.click(await within(await screen.findByTestId('question-always')).findByRole('button', { name: /^Inspector/ }));
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Faults' })).toBeTruthy());
    expect(within(preview).getByLabelText('Inspector')).toBeTruthy();
    expect(within(preview).queryByLabelText('Describe the fault')).toBeNull();
  });
});

describe('leaving with unsaved changes', () => {
  beforeEach(() => {
    graphqlRequest.mockResolvedValue(formWith([v1], 'v1'));
  });

  async function withAnEdit() {
    const router = openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    await choose('Add a new slide', 'Standard');
    await screen.findByText('Unsaved changes');
    return router;
  }

  it('asks before an in-app navigation; Stay keeps the designer, Leave goes', async () => {
    const router = await withAnEdit();
    act(() => void router.navigate('/admin/forms'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog.textContent).toContain('You have unsaved changes. Leave without saving?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/forms/build/formsentity/f1');
    expect(screen.getByRole('button', { name: /Slide 2: New Slide/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Forms Builder page')).toBeTruthy();
  });

  it('lets the browser’s Back through without asking when nothing changed', async () => {
    const router = openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    act(() => void router.navigate('/admin/forms'));
    expect(await screen.findByText('Forms Builder page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask after a successful save', async () => {
    const saved = { id: 'v3', created: '2024-05-01 10:00:00', modified: '2024-05-01 10:00:00', formId: 'f1', formData: '{}', version: 3 };
    graphqlRequest.mockImplementation((query: string) =>
      Promise.resolve(query.includes('mutation') ? { createFormsEntityFormVersion: [saved] } : formWith([v1], 'v1')),
    );
    const router = await withAnEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms'));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });
});

describe('moving a question out of a form section', () => {
  const withSection = JSON.stringify({
    slides: [
      {
        name: 'Site',
        contents: [
          { id: 'before', title: 'Site name', questionType: 'text' },
          {
            id: 'sec',
            title: 'Switchboard',
            questionType: 'formSection',
            contents: [
              { id: 'first', title: 'Cover fitted', questionType: 'text' },
              { id: 'last', title: 'Labels legible', questionType: 'text' },
            ],
          },
          { id: 'after', title: 'Inspector', questionType: 'text' },
        ],
      },
    ],
    pagination: { type: 'page' },
    customOptions: [],
  });
  const order = () => screen.getAllByTestId(/^question-/).map((el) => el.dataset.testid);
  const inSection = () =>
    within(screen.getByTestId('question-sec'))
      .getAllByTestId(/^question-/)
      .map((el) => el.dataset.testid);
  beforeEach(() => {
    graphqlRequest.mockResolvedValue(formWith([{ ...v1, formData: withSection }], 'v1'));
  });

  it('moves it to just after its section with the row menu’s Move out of section', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    await choose('Question menu: Cover fitted', 'Move out of section');
    await waitFor(() => expect(inSection()).toEqual(['question-last']));
    expect(order()).toEqual(['question-before', 'question-sec', 'question-last', 'question-first', 'question-after']);
  });

  it('offers Move out of section only to a question inside a section', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    fireEvent.click(screen.getByRole('button', { name: 'Question menu: Site name' }));
    await screen.findByRole('menuitem', { name: 'Move down' });
    expect(screen.queryByRole('menuitem', { name: 'Move out of section' })).toBeNull();
  });

  it('steps out of the section with Move up at its top and Move down at its bottom', async () => {
    openAt('/admin/forms/build/formsentity/f1');
    await screen.findByText('Ladder check');
    await choose('Question menu: Cover fitted', 'Move up');
    await waitFor(() => expect(inSection()).toEqual(['question-last']));
    expect(order()).toEqual(['question-before', 'question-first', 'question-sec', 'question-last', 'question-after']);
    await choose('Question menu: Labels legible', 'Move down');
    // The section is left empty; the question follows it (the document order is the same as before).
    await waitFor(() => expect(within(screen.getByTestId('question-sec')).queryAllByTestId(/^question-/)).toEqual([]));
    expect(order()).toEqual(['question-before', 'question-first', 'question-sec', 'question-last', 'question-after']);
  });
});
