import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { useCreateForm } from './DraftPrompt';

const api = vi.hoisted(() => ({ hasDraft: vi.fn(), deleteDraft: vi.fn() }));
vi.mock('./forms-api', () => api);

function Tiles() {
  const { open, prompt } = useCreateForm();
  return (
    <>
      <button onClick={() => void open('f1')}>Create</button>
      {prompt}
    </>
  );
}

function renderTiles() {
  const router = createMemoryRouter(
    [
      { path: '/mesafety', element: <Tiles /> },
      { path: '/safety-form/:formId', element: <p>Filler</p> },
    ],
    { initialEntries: ['/mesafety'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => {
  api.hasDraft.mockReset();
  api.deleteDraft.mockReset();
});
afterEach(cleanup);

describe('the draft prompt', () => {
  it('without a draft goes straight to the filler', async () => {
    api.hasDraft.mockResolvedValue(false);
    const router = renderTiles();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Filler')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/safety-form/f1');
  });

  it('offers both choices on buttons whose labels wrap rather than being cut off, each a 44 px target', async () => {
    api.hasDraft.mockResolvedValue(true);
    renderTiles();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'A draft of this form already exists' });
    expect(dialog.contains(screen.getByRole('button', { name: 'Close' }))).toBe(true);
    for (const name of ['Continue editing', 'Discard and start from scratch']) {
      const button = screen.getByRole('button', { name });
      expect(dialog.contains(button)).toBe(true);
      expect(button.style.height).toBe('auto');
      expect(button.style.minHeight).toBe('44px');
      const label = button.querySelector<HTMLElement>('.mantine-Button-label')!;
      expect(label.style.whiteSpace).toBe('normal');
      expect(label.style.overflow).toBe('visible');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Continue editing' }));
    expect(await screen.findByText('Filler')).toBeTruthy();
    expect(api.deleteDraft).not.toHaveBeenCalled();
  });

  it('discarding deletes the draft first; a failure says so and stays', async () => {
    api.hasDraft.mockResolvedValue(true);
    api.deleteDraft.mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(null);
    renderTiles();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and start from scratch' }));
    expect(await screen.findByText('There was an error when discarding the form draft')).toBeTruthy();
    expect(screen.queryByText('Filler')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard and start from scratch' }));
    expect(await screen.findByText('Filler')).toBeTruthy();
    await waitFor(() => expect(api.deleteDraft).toHaveBeenCalledTimes(2));
    expect(api.deleteDraft).toHaveBeenCalledWith('f1');
  });
});
