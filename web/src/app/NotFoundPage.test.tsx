import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ForbiddenPage } from './ForbiddenPage';
import { NotFoundPage } from './NotFoundPage';
import { theme } from './theme';

function renderAt(paths: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>Start page</p> },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: paths, initialIndex: paths.length - 1 },
  );
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('error pages', () => {
  it('shows the 404 text for an unknown path and returns to the previous page', async () => {
    renderAt(['/start', '/no/such/page']);
    expect(screen.getByText('Oops! It seems like the page you are looking for does not exist!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return to Previous Page' }));
    expect(await screen.findByText('Start page')).toBeTruthy();
  });

  it('shows the 403 text with a Logout link', () => {
    renderAt(['/403']);
    expect(screen.getByText('Oops! Unfortunately you are not allowed to access this page!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/api/authorization/logout');
  });
});
