import { ActionIcon, Badge, Button, Group, Menu, Modal, Radio, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type TableColumn } from '../list/DataTable';
import { Pager } from '../list/Pager';
import { SearchBox } from '../list/SearchBox';
import { SortHeader } from '../list/SortHeader';
import { errorText, useUsersController, type Confirm } from './useUsersController';

/** The columns of back-office 2.11; those with a path sort on the server. */
const COLUMNS: { label: string; path?: string }[] = [
  { label: 'Type', path: 'discriminator' },
  { label: 'Email', path: 'email' },
  { label: 'Activated' },
  { label: 'lockedOut' },
  { label: 'twoFactorEnabled' },
  { label: 'twoFactorMethod' },
  { label: 'userName', path: 'userName' },
  { label: 'id', path: 'id' },
];

const question: Record<Confirm['kind'], (email: string) => string> = {
  activate: (e) => `Activate ${e}?`,
  deactivate: (e) => `Deactivate ${e}? They are signed out at once and cannot sign in until activated again.`,
  reset: (e) => `Send ${e} an email to reset their password?`,
  disable2fa: (e) => `Turn off two-factor authentication for ${e}?`,
  enable2fa: (e) => `Turn on two-factor authentication for ${e} with:`,
  delete: () => 'Are you sure you want to delete this item?',
};

/** Users administration (back-office 2.11): every account and administrator with their sign-in state. */
export function UsersPage() {
  const navigate = useNavigate();
  const users = useUsersController();
  const { confirm, setConfirm, sort } = users;
  const [creating, setCreating] = useState(false);

  const columns: TableColumn[] = [
    ...COLUMNS.map((c) => ({
      key: c.label,
      header: c.path ? (
        <SortHeader
          label={c.label}
          direction={sort?.path === c.path ? (sort.descending ? 'desc' : 'asc') : null}
          onClick={() => users.cycleSort(c.path!)}
        />
      ) : (
        c.label
      ),
    })),
    { key: 'actions', ariaLabel: 'Actions' },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>All Users</Title>
        <Button onClick={() => setCreating(true)}>Create</Button>
      </Group>
      <Group align="flex-end">
        <SearchBox initial="" placeholder="Email or type" onSearch={users.search} />
      </Group>
      <DataTable
        label="users"
        columns={columns}
        rows={users.users.data?.users}
        rowKey={(u) => u.id}
        isPending={users.users.isPending}
        error={users.users.isError ? { text: errorText(users.users.error) } : null}
        minWidth={1100}
        cells={(u) => (
          <>
            <Table.Td>{u.discriminator}</Table.Td>
            <Table.Td>{u.email}</Table.Td>
            <Table.Td>{u.activated ? <Badge color="green">Yes</Badge> : <Badge color="gray">No</Badge>}</Table.Td>
            <Table.Td>{u.lockedOut ? <Badge color="red">Locked</Badge> : 'No'}</Table.Td>
            <Table.Td>{u.twoFactorEnabled ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>{u.twoFactorMethod ?? 'None'}</Table.Td>
            <Table.Td>{u.userName}</Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace">
                {u.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`Actions for ${u.email}`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => navigate(`/admin/${u.discriminator.toLowerCase()}/view/${u.id}`)}>View</Menu.Item>
                  <Menu.Item onClick={() => navigate(`/admin/${u.discriminator.toLowerCase()}/edit/${u.id}`)}>Edit</Menu.Item>
                  <Menu.Item onClick={() => setConfirm({ kind: u.activated ? 'deactivate' : 'activate', user: u })}>
                    {u.activated ? 'Deactivate' : 'Activate'}
                  </Menu.Item>
                  <Menu.Item onClick={() => setConfirm({ kind: 'reset', user: u })}>Reset password</Menu.Item>
                  <Menu.Item onClick={() => void users.askTwoFactor(u)}>
                    {u.twoFactorEnabled ? 'Disable two-factor' : 'Enable two-factor'}
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => setConfirm({ kind: 'delete', user: u })}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </>
        )}
      />
      <Pager page={users.page} pages={users.pages} onPage={users.setPage} />

      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title="Please confirm" centered>
        {confirm && (
          <Stack>
            <Text>{question[confirm.kind](confirm.user.email)}</Text>
            {confirm.kind === 'enable2fa' && (
              <Radio.Group value={users.method} onChange={users.setMethod}>
                <Stack gap="xs">
                  {confirm.methods.map((m) => (
                    <Radio key={m} value={m} label={m === 'email' ? 'Email codes' : 'Authenticator app'} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <Group justify="flex-end">
              <Button variant="subtle" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button
                color={confirm.kind === 'delete' || confirm.kind === 'deactivate' ? 'red' : undefined}
                loading={users.act.isPending}
                onClick={() => users.act.run(confirm)}
              >
                Confirm
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** Create: pick the user type, then its create screen (back to this list after saving). */
function CreateUserModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [userType, setUserType] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Create a user" centered>
      <Stack>
        <Select
          label="User type"
          data={[
            { value: 'mehubaccountentity', label: 'Member account (MehubAccountEntity)' },
            { value: 'mehubadminentity', label: 'Administrator (MehubAdminEntity)' },
          ]}
          value={userType}
          onChange={(v) => (setUserType(v), setTypeError(null))}
          error={typeError}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() =>
              userType ? navigate(`/admin/${userType}/create?redirect=/admin/users`) : setTypeError('Please select a user type.')
            }
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
