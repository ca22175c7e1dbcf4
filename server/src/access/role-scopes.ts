import type { RoleScopeRule } from '@hub/model';
import type { Params } from '../db/params';
import { isAdministrator, type Caller } from './caller';

/**
 * Shared rows the data restricts to some roles (an entity's scope `{kind: 'shared', byRole}`),
 * as SQL predicates. scope.ts applies them wherever a row is read (lists, counts, by id, nested
 * selections, search conditions through a path, CSV exports, the member pages); fields.ts
 * applies the Create address rule to the field wherever it is read. Administrators read every row.
 */

/**
 * Role permissions of safety links (RoleSafetyLinkPermissionEntity): a link without permission
 * rows is open to every member; a link with rows shows only to roles holding one with canview,
 * and offers its Create address only to roles holding one with cancreate. API tokens and callers
 * without a role see only the open links. `visible` and `canCreate` are SQL predicates on the
 * safety link aliased `a`; null when the caller sees everything.
 */
export function safetyLinkPermissionSql(a: string, caller: Caller | null, params: Params): { visible: string; canCreate: string } | null {
  if (isAdministrator(caller)) return null;
  const role = caller?.roleId ? params.add(caller.roleId, 'uuid') : 'NULL::uuid';
  const p = params.alias('rp');
  const none = `NOT EXISTS (SELECT 1 FROM role_safety_link_permission ${p} WHERE ${p}.safety_link_id = ${a}.id)`;
  const granted = (flag: string) =>
    `EXISTS (SELECT 1 FROM role_safety_link_permission ${p} WHERE ${p}.safety_link_id = ${a}.id AND ${p}.role_id = ${role} AND ${p}.${flag})`;
  return { visible: `(${none} OR ${granted('canview')})`, canCreate: `(${none} OR ${granted('cancreate')})` };
}

const visibleLink = (a: string, caller: Caller | null, params: Params) => safetyLinkPermissionSql(a, caller, params)?.visible ?? 'TRUE';

/** Each rule: the rows of `alias` the caller may read (never called for administrators). */
export const roleScopes: Record<RoleScopeRule, (alias: string, caller: Caller | null, params: Params) => string> = {
  safetyLinks: (a, caller, params) => visibleLink(a, caller, params),
  /** A permission row shows with its link: who else may open a link the caller cannot see is not theirs to read. */
  safetyLinkPermissions: (a, caller, params) => {
    const l = params.alias('rl');
    return `(${a}.safety_link_id IS NULL OR EXISTS (SELECT 1 FROM safety_link ${l} WHERE ${l}.id = ${a}.safety_link_id AND ${visibleLink(l, caller, params)}))`;
  },
  /** A section shows unless it holds links and the caller may see none of them (the safety list leaves it out too). */
  safetyLinkSections: (a, caller, params) => {
    const l = params.alias('rl');
    const v = params.alias('rl');
    return (
      `(NOT EXISTS (SELECT 1 FROM safety_link ${l} WHERE ${l}.safety_link_section_id = ${a}.id) OR ` +
      `EXISTS (SELECT 1 FROM safety_link ${v} WHERE ${v}.safety_link_section_id = ${a}.id AND ${visibleLink(v, caller, params)}))`
    );
  },
};
