import { hasRoleFact, isManagerRole } from '@hub/model/roles';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../client/graphql';
import { hasBackendAccess, isAdminGroup, type Me } from '../../app/session';
import type { Where } from '../../admin/list/query';

/** The users pages' own words (member-site.md 2, 4 and 8). */
export const USER_TEXT = {
  saved: 'Successfully saved user',
  saveFailed: 'Error saving user',
  pdfFailed: 'Unable to retrieve pdf for user',
  membershipNote:
    'Only the details below can be changed here. Other details of this user must be changed in the membership system, which updates the hub at its next synchronisation.',
  activeTab: 'Active users',
  inactiveTab: 'Inactive users',
} as const;

export const USERS_PATH = '/users';

/** The start of today in the viewer's time zone, as the wire's UTC 'YYYY-MM-DD HH:mm:ss'. */
export function startOfTodayWire(now = new Date()): string {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return start.toISOString().slice(0, 19).replace('T', ' ');
}

/** Active when Lastsyncdate is on or after the start of today, inactive when before or never synchronised (member-site.md 4). */
export function activityConditions(tab: 'active' | 'inactive', now = new Date()): Where[][] {
  const start = startOfTodayWire(now);
  return tab === 'active'
    ? [[{ path: 'lastsyncdate', comparison: 'greaterThanOrEqual', value: [start] }]]
    : [
        [
          { path: 'lastsyncdate', comparison: 'lessThan', value: [start] },
          { path: 'lastsyncdate', comparison: 'equal', value: [null] },
        ],
      ];
}

/** Whether an account synchronised at `lastsyncdate` counts as active now. */
export function isActiveUser(lastsyncdate: string | null | undefined, now = new Date()): boolean {
  return !!lastsyncdate && lastsyncdate.slice(0, 19) >= startOfTodayWire(now);
}

/**
 * Who sees whom: a worker-type member only their own record (member-site.md 6, SafetyWorker); managers
 * and back-end holders their organisation's users (the server scopes the rows); administrators everyone.
 */
export function seesOnlySelf(me: Me | null | undefined): boolean {
  return !!me && !isAdminGroup(me) && !hasBackendAccess(me) && !isManagerRole(me.roleName);
}

/** Managers, back-end holders and administrators may name their organisation's primary contact. */
export const mayEditOthers = (me: Me | null | undefined) => !!me && !seesOnlySelf(me);

/** Export as PDF is hidden for SafetyWorker (roleFacts.noUserPdf). */
export const mayExportUserPdf = (me: Me | null | undefined) => !!me && !hasRoleFact('noUserPdf', me.roleName);

export interface UserSummary {
  id: string;
  email: string;
  userName: string | null;
  firstname: string | null;
  surname: string | null;
  mobileNumber: string | null;
  lastsyncdate: string | null;
  roleId: string | null;
  role: { id: string; name: string } | null;
  memberOrganisationId: string | null;
  memberOrganisation: { id: string; name: string; primaryContactId: string | null } | null;
}

export const userName = (u: Pick<UserSummary, 'firstname' | 'surname' | 'email'>) =>
  [u.firstname, u.surname].filter(Boolean).join(' ') || u.email;

const SUMMARY = `id email userName firstname surname mobileNumber lastsyncdate roleId role { id name }
  memberOrganisationId memberOrganisation { id name primaryContactId }`;

/** One user as the profile header shows it; null when the caller may not see it (the 404 page). */
export function useUserSummary(id: string | undefined) {
  return useQuery({
    // Under the accounts' record key: a save of the account (the record controller) refreshes it.
    queryKey: ['record', 'MehubAccountEntity', 'summary', id],
    queryFn: async () =>
      (await graphqlRequest<{ r: UserSummary | null }>(`query($id: ID!) { r: mehubAccountEntity(id: $id) { ${SUMMARY} } }`, { id })).r,
    enabled: !!id,
  });
}
