import { allEntities, getEntity, type EntityDef, type EntityName } from '@hub/model';
import { can, passesScreenGate, type Operation } from '@hub/model/groups';
import { isAdminGroup, type Me } from '../app/session';

/** An admin list screen: the entity and, for special pages, a fixed filter. */
export interface AdminScreen {
  path: string;
  title: string;
  entity: EntityDef;
  base?: { path: string; comparison: string; value: string[] }[][];
}

export interface NavItem {
  to: string;
  label: string;
  /** Opens outside the single-page app (server pages such as /api/swagger). */
  external?: boolean;
}

/** Entities with links of their own in the sidebar, out of the Entities group. */
const OWN_LINKS: readonly EntityName[] = ['MemberOrganisationEntity', 'FormsEntity', 'FormSubmissionsEntity', 'TemplateEntity'];
const FORM_LINKS: readonly EntityName[] = ['FormsEntity', 'FormSubmissionsEntity', 'TemplateEntity'];
const USER_TYPES: readonly EntityName[] = ['MehubAccountEntity', 'MehubAdminEntity'];

/** back-office 2.2 and 2.4: every entity path, plus MEA Documents over the document entity. */
export function screenFor(path: string): AdminScreen | null {
  const key = path.toLowerCase();
  if (key === 'meadocumententity') {
    const entity = getEntity('DocumentEntity');
    return {
      path: key,
      title: 'MEA Documents',
      entity,
      base: [[{ path: 'documentTypess.meaDocument', comparison: 'equal', value: ['true'] }]],
    };
  }
  const entity = allEntities().find((e) => e.name.toLowerCase() === key && !e.link);
  if (!entity) return null;
  if (entity.name === 'DocumentEntity')
    return {
      path: key,
      title: 'Documents',
      entity,
      base: [[{ path: 'documentTypess.meaDocument', comparison: 'notEqual', value: ['true'] }]],
    };
  if (entity.name === 'FormSubmissionsEntity')
    return { path: key, title: 'Form Submissions', entity, base: [[{ path: 'isCompleted', comparison: 'equal', value: ['true'] }]] };
  if (entity.name === 'MemberOrganisationEntity') return { path: key, title: 'Organisations', entity };
  return { path: key, title: pluralOf(entity), entity };
}

export const pluralOf = (entity: EntityDef) => entity.plural ?? `${entity.label}s`;

const groupsOf = (me: Me | null | undefined) => me?.groups.map((g) => g.name) ?? [];

/** Whether the viewer may do `op` on the entity (back-office 6, permissions per entity). */
export const allowedTo = (me: Me | null | undefined, entity: EntityDef, op: Operation) =>
  can(groupsOf(me), me?.roleName ?? null, entity.name, op);

/** The group gates of back-office 6: failing them sends the viewer to /404. */
export const passesGate = (me: Me | null | undefined, entity: EntityDef) => passesScreenGate(groupsOf(me), entity.name);

/** A sidebar link needs the gate and read permission. */
export const canRead = (me: Me | null | undefined, entity: EntityDef) => passesGate(me, entity) && allowedTo(me, entity, 'read');

const linkTo = (entity: EntityDef): NavItem => ({ to: `/admin/${entity.name.toLowerCase()}`, label: screenFor(entity.name)!.title });

/** The sidebar's Entities: readable entities, without those that have links of their own; MEA Documents beside Documents. */
export function entityLinks(me: Me | null | undefined): NavItem[] {
  const links = allEntities()
    .filter((e) => !e.link && !OWN_LINKS.includes(e.name) && !USER_TYPES.includes(e.name) && canRead(me, e))
    .map(linkTo);
  if (canRead(me, getEntity('DocumentEntity'))) links.push({ to: '/admin/meadocumententity', label: 'MEA Documents' });
  return links.sort((a, b) => a.label.localeCompare(b.label));
}

/** Users: All Users for administrators, plus the user types the viewer may read. */
export function userLinks(me: Me | null | undefined): NavItem[] {
  const types = USER_TYPES.map(getEntity)
    .filter((e) => canRead(me, e))
    .map(linkTo);
  return isAdminGroup(me) ? [{ to: '/admin/users', label: 'All Users' }, ...types] : types;
}

/** The gate of the Forms Builder, the designer and the versions page (back-office 6): the administrator groups. */
export const canBuildForms = (me: Me | null | undefined) => isAdminGroup(me);

/**
 * Forms Builder, Form Submissions and Templates, side by side (the back-office groups only, by
 * the gate). The forms link opens the Forms Builder for those who may build forms; a member in
 * the back-office, whom the builder's gate would send to /404, keeps the forms list instead.
 */
export function formLinks(me: Me | null | undefined): NavItem[] {
  return FORM_LINKS.map(getEntity)
    .filter((e) => canRead(me, e))
    .map((e) => (e.name === 'FormsEntity' && canBuildForms(me) ? { to: '/admin/forms', label: 'Forms Builder' } : linkTo(e)));
}

/** Timelines (back-office 2.3): for those who may read timeline events. */
export function timelineLinks(me: Me | null | undefined): NavItem[] {
  return canRead(me, getEntity('MehubAccountTimelineEventsEntity')) ? [{ to: '/admin/timelines', label: 'Timelines' }] : [];
}

export function organisationLinks(me: Me | null | undefined): NavItem[] {
  const org = getEntity('MemberOrganisationEntity');
  return canRead(me, org) ? [linkTo(org)] : [];
}

/** Utilities: the style guide and OpenAPI for everyone here; the query explorer and jobs for administrators. */
export function toolLinks(me: Me | null | undefined): NavItem[] {
  return [
    { to: '/admin/styleguide', label: 'Style Guide' },
    ...(isAdminGroup(me)
      ? [
          { to: '/admin/graphiql', label: 'GraphiQL' },
          { to: '/admin/jobs', label: 'Hangfire' },
        ]
      : []),
    { to: '/api/swagger', label: 'OpenAPI', external: true },
  ];
}
