import { EXTERNAL_PAGES, type ExternalPage } from '@hub/model/site';
import { describe, expect, it } from 'vitest';
import { AUDIENCES, MAIN_NAV, PAGE_READY, resolveEntry, SECONDARY_NAV, visibleNav, type ResolvedItem, type Viewer } from './menu';

const links = Object.fromEntries(EXTERNAL_PAGES.map((p) => [p, `https://association.example/${p}`])) as Record<ExternalPage, string>;
const org = 'org-1';
const viewer = (roleName: string | null, backend = false): Viewer => ({ roleName, backend, memberOrganisationId: org });

const labels = (items: ResolvedItem[], menu: string) => {
  const found = items.find((i) => i.label === menu);
  return found && 'items' in found ? found.items.map((i) => i.label) : [];
};

describe('the visibility table', () => {
  // member-site.md: documents/assets/users for back-end access, manager roles or SafetyWorker;
  // templates for managers or back-end access; integrations for managers only.
  const cases: [string, Viewer, { documents: boolean; templates: boolean; integrations: boolean }][] = [
    ['SafetyManager', viewer('SafetyManager'), { documents: true, templates: true, integrations: true }],
    ['Manager', viewer('Manager'), { documents: true, templates: true, integrations: true }],
    ['Pro-Manager', viewer('Pro-Manager'), { documents: true, templates: true, integrations: false }],
    ['SafetyWorker', viewer('SafetyWorker'), { documents: true, templates: false, integrations: false }],
    ['Worker', viewer('Worker'), { documents: false, templates: false, integrations: false }],
    ['Pro-Worker', viewer('Pro-Worker'), { documents: false, templates: false, integrations: false }],
    ['Worker with back-end access', viewer('Worker', true), { documents: true, templates: true, integrations: false }],
    ['no role, back-end access', viewer(null, true), { documents: true, templates: true, integrations: false }],
    ['no role', viewer(null), { documents: false, templates: false, integrations: false }],
    [
      'a manager without organisation',
      { roleName: 'Manager', backend: false, memberOrganisationId: null },
      { documents: true, templates: true, integrations: false },
    ],
  ];
  it.each(cases)('%s', (_, v, expected) => {
    expect(AUDIENCES.documents(v)).toBe(expected.documents);
    expect(AUDIENCES.templates(v)).toBe(expected.templates);
    expect(AUDIENCES.integrations(v)).toBe(expected.integrations);
    expect(AUDIENCES.everyone()).toBe(true);
  });
});

describe('the bar', () => {
  it('has the spec entries in order, with the menus and the secondary group', () => {
    const nav = visibleNav(MAIN_NAV, viewer('SafetyManager'), links);
    expect(nav.map((i) => i.label)).toEqual([
      'Safety',
      'Standards',
      'Technical',
      'Employer HR/Legal',
      'Savings',
      'Programs',
      'My Business',
      'Activity',
    ]);
    expect(labels(nav, 'Employer HR/Legal')).toEqual(['HR', 'Legal']);
    expect(labels(nav, 'Programs')).toEqual(['Master Program', 'Advantage Program', 'Toolbox/Safety Meeting']);
    expect(visibleNav(SECONDARY_NAV, viewer('Worker'), links).map((i) => i.label)).toEqual([
      'Profile',
      'Events',
      'Newsletters',
      'Contact Us',
    ]);
  });

  it('shows in My Business only the entries whose pages exist, by role', () => {
    expect(labels(visibleNav(MAIN_NAV, viewer('SafetyManager'), links), 'My Business')).toEqual([
      'My Documents',
      'My Assets',
      'Corrective Actions',
      'My Users',
      'Safety Templates',
      'MEA Documents',
      'Toolbox/Safety Meeting',
      'My Integrations',
    ]);
    expect(labels(visibleNav(MAIN_NAV, viewer('SafetyWorker'), links), 'My Business')).toEqual([
      'My Documents',
      'My Assets',
      'My Users',
      'MEA Documents',
      'Toolbox/Safety Meeting',
    ]);
    expect(labels(visibleNav(MAIN_NAV, viewer('Worker'), links), 'My Business')).toEqual(['Toolbox/Safety Meeting']);
    // Corrective actions (issue 15): a worker with actions assigned sees them too.
    expect(labels(visibleNav(MAIN_NAV, { ...viewer('Worker'), hasActions: true }, links), 'My Business')).toEqual([
      'Corrective Actions',
      'Toolbox/Safety Meeting',
    ]);
  });

  it('leads My Documents, Safety Templates and MEA Documents to their pages, and never links a page that does not exist', () => {
    const nav = visibleNav(MAIN_NAV, viewer('Manager'), links);
    const business = nav.find((i) => i.label === 'My Business');
    const items = business && 'items' in business ? business.items : [];
    expect(items.filter((l) => /Documents|Templates/.test(l.label))).toEqual([
      { label: 'My Documents', to: '/my-documents' },
      { label: 'Safety Templates', to: '/safety-template' },
      { label: 'MEA Documents', to: '/mea-documents' },
    ]);
    const internal = nav.flatMap((i) => ('items' in i ? i.items : [i])).flatMap((l) => ('to' in l ? [l.to.replace(/#.*$/, '')] : []));
    for (const to of internal) expect(PAGE_READY[to], to).toBe(true);
  });

  it('a flipped flag shows the entry at its own page', () => {
    PAGE_READY['/assets'] = true;
    try {
      expect(resolveEntry({ label: 'My Assets', target: { to: '/assets' }, audience: 'documents' }, viewer('Manager'), links)).toEqual({
        label: 'My Assets',
        to: '/assets',
      });
      expect(resolveEntry({ label: 'My Assets', target: { to: '/assets' }, audience: 'documents' }, viewer('Worker'), links)).toBeNull();
    } finally {
      PAGE_READY['/assets'] = false;
    }
  });

  it('takes external addresses only from the configuration, and only http(s) ones', () => {
    const nav = visibleNav(MAIN_NAV, viewer('Worker'), links);
    expect(nav.find((i) => i.label === 'Technical')).toEqual({ label: 'Technical', href: 'https://association.example/technical' });
    const none = visibleNav(MAIN_NAV, viewer('Worker'), undefined);
    expect(none.map((i) => i.label)).toEqual(['Safety', 'Standards', 'Programs', 'My Business', 'Activity']);
    expect(labels(none, 'Programs')).toEqual(['Toolbox/Safety Meeting']);
    const hostile = visibleNav(MAIN_NAV, viewer('Worker'), { ...links, technical: 'javascript:alert(1)', savings: '//evil.example' });
    expect(hostile.map((i) => i.label)).not.toContain('Technical');
    expect(hostile.map((i) => i.label)).not.toContain('Savings');
  });
});
