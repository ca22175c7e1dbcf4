import { hasRoleFact, isManagerRole, ROLES } from '@hub/model/roles';
import type { ExternalPage } from '@hub/model/site';

/**
 * The member site's navigation (member-site.md section 2, 'Home and navigation'): one table
 * of entries, one table of who sees which, one flag per page that comes in later work.
 */

/** Who is looking: their role and whether a group of theirs has back-end access. */
export interface Viewer {
  roleName: string | null;
  backend: boolean;
  /** Integrations live under the caller's organisation (the route's own check). */
  memberOrganisationId: string | null;
  /** Corrective actions are assigned to them (issue 15): they see the page even without a manager role. */
  hasActions?: boolean;
}

/** Who reads all of the organisation's corrective actions (the server's access/actions.ts managesActions). */
export const actionManager = (v: Pick<Viewer, 'roleName' | 'backend'>) => v.backend || isManagerRole(v.roleName);

/** The spec's visibility rules, by the entries they govern. */
export const AUDIENCES = {
  everyone: () => true,
  /** My Documents, MEA Documents, My Assets and My Users: back-end access, manager roles or SafetyWorker. */
  documents: (v: Viewer) => v.backend || isManagerRole(v.roleName) || v.roleName === ROLES.safetyWorker,
  /** Safety Templates: managers or back-end access. */
  templates: (v: Viewer) => v.backend || isManagerRole(v.roleName),
  /** My Integrations: managers only (the managers the /integrations route admits). */
  integrations: (v: Viewer) => !!v.memberOrganisationId && hasRoleFact('apiTokens', v.roleName),
  /** Corrective Actions (issue 15): managers and back-end holders (all of their organisation's), and anyone with actions assigned. */
  actions: (v: Viewer) => !!v.memberOrganisationId && (actionManager(v) || !!v.hasActions),
} satisfies Record<string, (v: Viewer) => boolean>;
export type Audience = keyof typeof AUDIENCES;

/**
 * Pages of the hub the menu links to, and whether they exist yet. An entry whose page is
 * not ready is not shown (or uses its stand-in); issue 11 flips these on.
 */
export const PAGE_READY: Record<string, boolean> = {
  '/mesafety': true,
  '/standards': true,
  '/activity': true,
  '/contactus': true,
  '/documentlibrary': true,
  '/integrations': true,
  '/user-submissions/MEETING_AND_TRAINING': true,
  '/my-documents': true,
  '/assets': true,
  '/users': true,
  '/safety-template': true,
  '/mea-documents': true,
  '/corrective-actions': true,
};

export type NavTarget =
  /** A page of the hub; `until`: the page used while `to` is not ready. */
  | { to: string; until?: string }
  /** An association page; its address comes from GET /api/site. */
  | { external: ExternalPage };

export interface NavEntry {
  label: string;
  target: NavTarget;
  audience?: Audience;
}
export interface NavMenu {
  label: string;
  items: NavEntry[];
}
export type NavItem = NavEntry | NavMenu;

const TOOLBOX: NavEntry = { label: 'Toolbox/Safety Meeting', target: { to: '/user-submissions/MEETING_AND_TRAINING' } };

/** The main bar, in the spec's order. */
export const MAIN_NAV: NavItem[] = [
  { label: 'Safety', target: { to: '/mesafety' } },
  { label: 'Standards', target: { to: '/standards' } },
  { label: 'Technical', target: { external: 'technical' } },
  {
    label: 'Employer HR/Legal',
    items: [
      { label: 'HR', target: { external: 'hr' } },
      { label: 'Legal', target: { external: 'legal' } },
    ],
  },
  { label: 'Savings', target: { external: 'savings' } },
  {
    label: 'Programs',
    items: [
      { label: 'Master Program', target: { external: 'masterProgram' } },
      { label: 'Advantage Program', target: { external: 'advantageProgram' } },
      TOOLBOX,
    ],
  },
  {
    label: 'My Business',
    items: [
      { label: 'My Documents', target: { to: '/my-documents' }, audience: 'documents' },
      { label: 'My Assets', target: { to: '/assets' }, audience: 'documents' },
      { label: 'Corrective Actions', target: { to: '/corrective-actions' }, audience: 'actions' },
      { label: 'My Users', target: { to: '/users' }, audience: 'documents' },
      { label: 'Safety Templates', target: { to: '/safety-template' }, audience: 'templates' },
      { label: 'MEA Documents', target: { to: '/mea-documents' }, audience: 'documents' },
      TOOLBOX,
      { label: 'My Integrations', target: { to: '/integrations' }, audience: 'integrations' },
    ],
  },
  { label: 'Activity', target: { to: '/activity' } },
];

/** The secondary group (Login/Logout is added by the bar, by sign-in state). */
export const SECONDARY_NAV: NavEntry[] = [
  { label: 'Profile', target: { external: 'profile' } },
  { label: 'Events', target: { external: 'events' } },
  { label: 'Newsletters', target: { external: 'newsletters' } },
  { label: 'Contact Us', target: { to: '/contactus' } },
];

/** An entry as the bar draws it: a route of the hub, or an address opened in a new tab. */
export type ResolvedLink = { label: string; to: string } | { label: string; href: string };
export interface ResolvedMenu {
  label: string;
  items: ResolvedLink[];
}
export type ResolvedItem = ResolvedLink | ResolvedMenu;

const pathOf = (to: string) => to.replace(/[?#].*$/, '');

/** Where an entry leads for this viewer, or null when it is not shown. */
export function resolveEntry(
  entry: NavEntry,
  viewer: Viewer,
  links: Partial<Record<ExternalPage, string>> | undefined,
): ResolvedLink | null {
  if (!AUDIENCES[entry.audience ?? 'everyone'](viewer)) return null;
  const t = entry.target;
  if ('external' in t) {
    const href = links?.[t.external];
    return href && /^https?:\/\//i.test(href) ? { label: entry.label, href } : null;
  }
  if (PAGE_READY[pathOf(t.to)]) return { label: entry.label, to: t.to };
  if (t.until && PAGE_READY[pathOf(t.until)]) return { label: entry.label, to: t.until };
  return null;
}

/** The bar for this viewer: hidden entries dropped, menus left empty dropped. */
export function visibleNav(items: NavItem[], viewer: Viewer, links: Partial<Record<ExternalPage, string>> | undefined): ResolvedItem[] {
  const out: ResolvedItem[] = [];
  for (const item of items) {
    if ('items' in item) {
      const children = item.items.map((e) => resolveEntry(e, viewer, links)).filter((e): e is ResolvedLink => e !== null);
      if (children.length) out.push({ label: item.label, items: children });
    } else {
      const link = resolveEntry(item, viewer, links);
      if (link) out.push(link);
    }
  }
  return out;
}
