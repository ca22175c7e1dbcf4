import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import touch from '../app/touch.module.css';
import { crumbTrail, Crumbs, type Crumb } from './Crumbs';
import classes from './Crumbs.module.css';

afterEach(cleanup);

const labels = (items: Crumb[], safety?: boolean) => crumbTrail(items, safety).map((c) => c.label);

describe('the breadcrumb rules', () => {
  it('begins with Home, then Safety unless the page is not a safety page', () => {
    expect(labels([{ label: 'Risk Assessment' }])).toEqual(['Home', 'Safety', 'Risk Assessment']);
    expect(labels([{ label: 'Standards' }], false)).toEqual(['Home', 'Standards']);
    expect(labels([])).toEqual(['Home', 'Safety']);
  });

  it('skips edit and view crumbs except the last', () => {
    expect(
      labels([{ label: 'Incident', to: '/user-submissions/INCIDENT' }, { label: 'edit', to: '/x/edit' }, { label: 'Fall report' }]),
    ).toEqual(['Home', 'Safety', 'Incident', 'Fall report']);
    expect(labels([{ label: 'Incident', to: '/user-submissions/INCIDENT' }, { label: 'View' }])).toEqual([
      'Home',
      'Safety',
      'Incident',
      'View',
    ]);
  });

  it('renders a labelled navigation whose last crumb is the current page', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <Crumbs items={[{ label: 'Incident', to: '/user-submissions/INCIDENT' }, { label: 'View Fall report' }]} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(within(nav).getByRole('link', { name: 'Safety' }).getAttribute('href')).toBe('/mesafety');
    expect(within(nav).getByRole('link', { name: 'Incident' }).getAttribute('href')).toBe('/user-submissions/INCIDENT');
    expect(within(nav).getByText('View Fall report').getAttribute('aria-current')).toBe('page');
  });

  it('gives every crumb the classes that wrap a long one and make it a 44 px tap target on a touch screen', () => {
    // Mantine's Breadcrumbs replaces a crumb's style prop when it clones the crumb: classes stay.
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <Crumbs items={[{ label: 'SWMS', to: '/my-documents/SWMS' }, { label: 'SR Safe work method statement - working at heights' }]} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const crumbs = [...within(nav).getAllByRole('link'), within(nav).getByText('SR Safe work method statement - working at heights')];
    expect(crumbs).toHaveLength(4);
    for (const crumb of crumbs) {
      expect(crumb.classList.contains(touch.crumb), crumb.textContent!).toBe(true);
      expect(crumb.classList.contains(classes.crumb), crumb.textContent!).toBe(true);
    }
  });
});
