import { Badge, Button } from '@mantine/core';
import { getEntity } from '@hub/model';
import { can } from '@hub/model/groups';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { hasBackendAccess, useMe } from '../../app/session';
import { MemberListPage, type MemberColumn, type Row } from '../records/MemberListPage';
import { pageOf, useTabChosen, type MemberTab } from '../records/tabs';
import { TilePanel } from '../records/TilePanel';
import { activityConditions, isActiveUser, seesOnlySelf, USER_TEXT, USERS_PATH, userName } from './users-api';

const account = getEntity('MehubAccountEntity');

/** The list's tabs (member-site.md 2 and 4): by Lastsyncdate against the start of today, computed when the page opens. */
export const userTabs = (now = new Date()): MemberTab[] => [
  { key: 'active', label: USER_TEXT.activeTab, where: activityConditions('active', now) },
  { key: 'inactive', label: USER_TEXT.inactiveTab, where: activityConditions('inactive', now) },
];

/** Page n of the list (the spec names no paged address for users: /users/page/{n}, page 1 is /users). */
export const usersPagePath = (page: number) => (page > 1 ? `${USERS_PATH}/page/${page}` : USERS_PATH);

const nameOf = (row: Row) => userName(row as { firstname: string | null; surname: string | null; email: string });

const COLUMNS: MemberColumn[] = [
  { key: 'name', label: 'Name', cell: nameOf },
  { key: 'email', label: 'Email', cell: (r) => r.email as string },
  { key: 'role', label: 'Role', cell: (r) => (r.role as { name?: string } | null)?.name ?? null },
  { key: 'mobileNumber', label: 'Mobile Number', cell: (r) => (r.mobileNumber as string | null) || null },
  {
    key: 'status',
    label: 'Status',
    cell: (r) =>
      isActiveUser(r.lastsyncdate as string | null) ? (
        <Badge color="green.9" c="#1b5e20" variant="outline" size="lg">
          Active
        </Badge>
      ) : (
        <Badge color="gray.7" c="gray.8" variant="outline" size="lg">
          Inactive
        </Badge>
      ),
  },
];

/**
 * /users and /users/page/{n}: 'Active users' and 'Inactive users' (member-site.md 2). A worker-type member
 * sees only their own record, so the page opens it; back-end holders see the tile panel until they
 * pick a tab (member-site.md 6). Create only for those who may create accounts (administrators).
 */
export function UsersPage() {
  const me = useMe().data;
  const { page } = useParams();
  const chosen = useTabChosen();
  if (!me) return null;
  if (seesOnlySelf(me)) return <Navigate to={`${USERS_PATH}/view/${me.id}`} replace />;
  const tabs = userTabs();
  const mayCreate = can(
    me.groups.map((g) => g.name),
    me.roleName,
    account.name,
    'create',
  );
  const crumbs = [{ label: 'Users' }];
  if (hasBackendAccess(me) && !chosen)
    return (
      <TilePanel
        entity={account}
        title="Users"
        crumbs={crumbs}
        safety={false}
        tabs={tabs}
        listPath={USERS_PATH}
        createPath={mayCreate ? `${USERS_PATH}/create` : undefined}
        noun={{ one: 'user', many: 'users' }}
      />
    );
  return (
    <MemberListPage
      entity={account}
      title="Users"
      crumbs={crumbs}
      safety={false}
      tabs={tabs}
      page={pageOf(page)}
      pathOf={usersPagePath}
      recordPath={USERS_PATH}
      columns={COLUMNS}
      select="email firstname surname mobileNumber lastsyncdate role { id name }"
      rowName={nameOf}
      plural="users"
      searchPlaceholder="Name, email or Memnet ID"
      toolbar={
        mayCreate ? (
          <Button component={Link} to={`${USERS_PATH}/create`} leftSection={<IconPlus size={16} aria-hidden />} mih={44}>
            Create
          </Button>
        ) : undefined
      }
    />
  );
}
