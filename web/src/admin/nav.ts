import { allEntities, findEntity, type EntityDef } from '@hub/model';
import { can } from '@hub/model/groups';
import type { Me } from '../app/session';

/** An admin list screen: the entity and, for special pages, a fixed filter. */
export interface AdminScreen {
  path: string;
  title: string;
  entity: EntityDef;
  base?: { path: string; comparison: string; value: string[] }[][];
}

const OWN_LINKS = ['MemberOrganisationEntity', 'FormsEntity', 'FormSubmissionsEntity'];

/** back-office 2.2 and 2.4: every entity path, plus MEA Documents over the document entity. */
export function screenFor(path: string): AdminScreen | null {
  const key = path.toLowerCase();
  if (key === 'meadocumententity') {
    const entity = findEntity('DocumentEntity')!;
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
  return { path: key, title: entity.plural ?? `${entity.label}s`, entity };
}

export const canRead = (me: Me | null | undefined, entity: EntityDef) =>
  can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, entity.name, 'read');

/** The sidebar's Entities: readable entities, without those that have links of their own. */
export function entityLinks(me: Me | null | undefined): { to: string; label: string }[] {
  return allEntities()
    .filter((e) => !e.link && !OWN_LINKS.includes(e.name) && canRead(me, e))
    .map((e) => ({ to: `/admin/${e.name.toLowerCase()}`, label: e.plural ?? `${e.label}s` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function ownLinks(me: Me | null | undefined): { to: string; label: string }[] {
  return OWN_LINKS.map((name) => findEntity(name)!)
    .filter((e) => canRead(me, e))
    .map((e) => ({ to: `/admin/${e.name.toLowerCase()}`, label: screenFor(e.name)!.title }));
}
