import { ROLES } from '@hub/model';
import type { SafetySection } from '@hub/model/site';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberAs, renderPage, serve, siteConfig } from '../library/test-render';
import { FORM_TYPES, formTypeLabel } from './form-types';
import { SafetyPage } from './SafetyPage';

const sections: SafetySection[] = [
  {
    id: 's1',
    name: 'Risk management',
    tooltip: 'Assess and control the risks of the work.',
    order: 1,
    links: [
      { id: 'l1', name: 'Job Safety Risk Assessment', create: '/safety-form/f1', view: '/user-submissions/RISK_ASSESSMENT', order: 1 },
      { id: 'l2', name: 'Safe Work Method Statement guide', create: null, view: 'https://association.example/swms', order: 2 },
      { id: 'l3', name: 'Hostile link', create: 'javascript:alert(1)', view: '//evil.example/x', order: 3 },
    ],
  },
  { id: 's2', name: 'Empty section', tooltip: null, order: 2, links: [] },
];

function serveSafety() {
  const routes: Parameters<typeof serve>[0] = {
    '/api/site': { body: siteConfig() },
    '/api/entity/SafetyLinkEntity/safety_list': { body: sections },
  };
  for (const t of FORM_TYPES)
    routes[`/api/entity/FormsEntity/form_type/${t}`] = {
      body:
        t === 'RISK_ASSESSMENT'
          ? [{ id: 'f1', name: 'A very long form name that has to wrap on a narrow phone screen', hasDraft: true }]
          : [],
    };
  return serve(routes);
}

const typeHeadings = (level: number) =>
  screen
    .getAllByRole('heading', { level })
    .map((h) => h.textContent)
    .filter((t) => FORM_TYPES.some((k) => formTypeLabel(k) === t));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/mesafety by role', () => {
  it.each([ROLES.safetyManager, ROLES.manager])(
    '%s: the original layout, My Library, safety link sections, then the safety forms',
    async (role) => {
      const fetchMock = serveSafety();
      renderPage(<SafetyPage />, memberAs(role), '/mesafety');
      const library = screen.getByRole('region', { name: 'My Library' });
      expect(within(library).getByRole('link', { name: 'Open My Library' }).getAttribute('href')).toBe('/documentlibrary');

      const risk = await screen.findByRole('region', { name: 'Risk management' });
      expect(within(risk).getByText('Assess and control the risks of the work.')).toBeTruthy();
      // A hub path goes through the router; another site opens in a new tab, without the opener.
      const create = within(risk).getByRole('link', { name: 'Create Job Safety Risk Assessment' });
      expect(create.getAttribute('href')).toBe('/safety-form/f1');
      expect(create.getAttribute('target')).toBeNull();
      expect(within(risk).getByRole('link', { name: 'View Job Safety Risk Assessment' }).getAttribute('href')).toBe(
        '/user-submissions/RISK_ASSESSMENT',
      );
      const external = within(risk).getByRole('link', { name: /^View Safe Work Method Statement guide/ });
      expect(external.getAttribute('href')).toBe('https://association.example/swms');
      expect(external.getAttribute('target')).toBe('_blank');
      expect(external.getAttribute('rel')).toBe('noopener noreferrer');
      expect(within(risk).queryByRole('link', { name: /Create Safe Work/ })).toBeNull();
      // javascript: and //host are no links at all.
      expect(within(risk).getByText('Hostile link')).toBeTruthy();
      expect(within(risk).queryAllByRole('link', { name: /Hostile link/ })).toEqual([]);
      expect(within(screen.getByRole('region', { name: 'Empty section' })).getByText('No links in this section yet.')).toBeTruthy();

      // The forms stay reachable: every type but meetings, as tiles under 'Safety forms'.
      expect(screen.getByRole('heading', { level: 2, name: 'Safety forms' })).toBeTruthy();
      expect(typeHeadings(3)).toEqual(FORM_TYPES.filter((t) => t !== 'MEETING_AND_TRAINING').map(formTypeLabel));
      expect(screen.queryByRole('region', { name: 'Access the full suite of safety resources' })).toBeNull();
      expect(fetchMock.mock.calls.some(([p]) => p === '/api/site')).toBe(false);
    },
  );

  it.each([ROLES.worker, ROLES.proWorker])('%s: the marketing tile opens the association safety page; the reduced types', async (role) => {
    const fetchMock = serveSafety();
    renderPage(<SafetyPage />, memberAs(role), '/mesafety');
    const tile = screen.getByRole('region', { name: 'Access the full suite of safety resources' });
    const link = await within(tile).findByRole('link', { name: /Visit the safety resources/ });
    expect(link.getAttribute('href')).toBe('https://association.example/safety');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(typeHeadings(2)).toEqual(['RISK_ASSESSMENT', 'INCIDENT', 'VERIFICATION', 'MEETING_AND_TRAINING'].map(formTypeLabel));
    expect(screen.queryByRole('region', { name: 'My Library' })).toBeNull();
    expect(fetchMock.mock.calls.some(([p]) => p === '/api/entity/SafetyLinkEntity/safety_list')).toBe(false);
  });

  it('the marketing tile offers no link when the configured address is not http(s)', async () => {
    serve({ '/api/site': { body: siteConfig({ links: { ...siteConfig().links, safetyResources: 'javascript:alert(1)' } }) } });
    renderPage(<SafetyPage />, memberAs(ROLES.worker), '/mesafety');
    expect(await screen.findByText("The association's safety pages cannot be reached right now.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Visit the safety resources/ })).toBeNull();
  });

  it.each([ROLES.safetyWorker, ROLES.proManager])('%s: one tile per form type, no marketing tile, no library', async (role) => {
    serveSafety();
    renderPage(<SafetyPage />, memberAs(role), '/mesafety');
    expect(typeHeadings(2)).toEqual(FORM_TYPES.filter((t) => t !== 'MEETING_AND_TRAINING').map(formTypeLabel));
    expect(screen.queryByRole('region', { name: 'Access the full suite of safety resources' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My Library' })).toBeNull();
    // A form with a draft: its DRAFT badge and Create button; types without forms say so.
    const tile = screen.getByRole('region', { name: formTypeLabel('RISK_ASSESSMENT') });
    expect(await within(tile).findByText('DRAFT')).toBeTruthy();
    expect(
      within(tile).getByRole('button', { name: 'Create A very long form name that has to wrap on a narrow phone screen' }),
    ).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: formTypeLabel('INCIDENT') })).findByText('No forms are currently available.'),
    ).toBeTruthy();
    const crumbs = screen.getByLabelText('Breadcrumb');
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(crumbs).getByText('Safety').getAttribute('aria-current')).toBe('page');
  });

  it('a failed safety list says so in the grid; the forms still show', async () => {
    serve({ '/api/entity/SafetyLinkEntity/safety_list': { status: 500, body: { errors: [{ message: 'Database unavailable' }] } } });
    renderPage(<SafetyPage />, memberAs(ROLES.manager), '/mesafety');
    expect(await screen.findByText(/The error is Database unavailable/)).toBeTruthy();
    expect(typeHeadings(3).length).toBe(8);
  });
});
