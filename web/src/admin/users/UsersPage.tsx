import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Radio,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconDots, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../client/api';
import { graphqlRequest } from '../../client/graphql';
import { cycleUsersSort } from '../list/list-state';
import { isUuid } from '@hub/model';

interface UserRow {
  id: string;
  discriminator: 'MehubAccountEntity' | 'MehubAdminEntity';
  email: string;
  userName: string | null;
  emailConfirmed: boolean;
  activated: boolean;
  lockedOut: boolean;
  twoFactorEnabled: boolean;
  twoFactorMethod: string | null;
}

type Confirm =
  | { kind: 'activate' | 'deactivate' | 'reset' | 'disable2fa' | 'delete'; user: UserRow }
  | { kind: 'enable2fa'; user: UserRow; methods: string[] };

const PAGE_SIZE = 10;
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
const errorText = (err: unknown) => (err instanceof ApiError ? err.messages.join(' ') : err instanceof Error ? err.message : String(err));

/** Users administration (back-office 2.11): every account and administrator with their sign-in state. */
export function UsersPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [userType, setUserType] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [sort, setSort] = useState<{ path: string; descending: boolean } | null>(null);

  const users = useQuery({
    queryKey: ['users', page, term, sort],
    queryFn: () =>
      api<{ users: UserRow[]; countUsers: number }>(
        'POST',
        '/api/account/users',
        {
          PaginationOptions: { PageNo: page, PageSize: PAGE_SIZE },
          SearchConditions: term
            ? [
                { path: 'email', comparison: 'like', value: [term] },
                { path: 'discriminator', comparison: 'like', value: [term] },
                ...(isUuid(term.trim()) ? [{ path: 'id', comparison: 'equal', value: [term.trim()] }] : []),
              ]
            : [],
          // Default: id descending.
          SortConditions: [sort ?? { path: 'id', descending: true }],
        },
        { redirectOn401: true },
      ),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((users.data?.countUsers ?? 0) / PAGE_SIZE));
  const refresh = () => client.invalidateQueries({ queryKey: ['users'] });

  const act = useMutation({
    mutationFn: async (c: Confirm) => {
      const email = c.user.email;
      switch (c.kind) {
        case 'activate':
          return api<{ message: string }>('POST', '/api/account/activate', { Username: email });
        case 'deactivate':
          return api<{ message: string }>('POST', '/api/account/deactivate', { Username: email });
        case 'reset':
          await api('POST', '/api/account/reset-password-request', { username: email });
          return { message: `Successfully reset password for ${email}` };
        case 'disable2fa':
          await api('POST', '/api/account/disable-2fa', { userName: email });
          return { message: 'Two factor authentication disabled' };
        case 'enable2fa': {
          const r = await api<{ key?: string }>('POST', '/api/account/configure-2fa', { method, userName: email });
          return {
            message: r.key
              ? `Two-factor authentication is on. Pass this key to ${email}: ${r.key}`
              : `Two-factor authentication by email is on for ${email}`,
          };
        }
        case 'delete': {
          const name = c.user.discriminator;
          const lower = name.charAt(0).toLowerCase() + name.slice(1);
          await graphqlRequest(`mutation($ids: [ID!]!) { r: delete${name}(${lower}Ids: $ids) }`, { ids: [c.user.id] });
          return { message: 'Deleted successfully' };
        }
      }
    },
    onSuccess: (r, c) => {
      notifications.show({ color: 'green', message: r.message, autoClose: c.kind === 'enable2fa' ? false : 4000 });
      void refresh();
    },
    onError: (err, c) => {
      const text = errorText(err);
      if (text === 'Account already activated') notifications.show({ color: 'yellow', message: text });
      else if (c.kind === 'activate') notifications.show({ color: 'red', message: `Unable to activate ${c.user.email}` });
      else if (c.kind === 'deactivate') notifications.show({ color: 'red', message: `Unable to deactivate ${c.user.email}` });
      else if (c.kind === 'disable2fa') notifications.show({ color: 'red', message: 'Unable to disable 2fa' });
      else if (c.kind === 'delete')
        notifications.show({
          color: 'red',
          message: `This record could not be deleted because of an association\n${text}`,
          autoClose: false,
        });
      else notifications.show({ color: 'red', message: text });
    },
    onSettled: () => setConfirm(null),
  });

  async function askTwoFactor(user: UserRow) {
    if (user.twoFactorEnabled) return setConfirm({ kind: 'disable2fa', user });
    try {
      const methods = await api<string[]>('GET', `/api/account/valid-2fa?userName=${encodeURIComponent(user.email)}`);
      setMethod(methods[0] ?? null);
      setConfirm({ kind: 'enable2fa', user, methods });
    } catch {
      notifications.show({ color: 'red', message: 'There was an error loading the two factor methods for this user', autoClose: false });
    }
  }

  const question: Record<Confirm['kind'], (email: string) => string> = {
    activate: (e) => `Activate ${e}?`,
    deactivate: (e) => `Deactivate ${e}? They are signed out at once and cannot sign in until activated again.`,
    reset: (e) => `Send ${e} an email to reset their password?`,
    disable2fa: (e) => `Turn off two-factor authentication for ${e}?`,
    enable2fa: (e) => `Turn on two-factor authentication for ${e} with:`,
    delete: () => 'Are you sure you want to delete this item?',
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>All Users</Title>
        <Button onClick={() => setCreating(true)}>Create</Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="Email or type"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && (setTerm(search), setPage(1))}
          leftSection={<IconSearch size={16} />}
          w={320}
          maw="100%"
        />
        <Button onClick={() => (setTerm(search), setPage(1))}>Go</Button>
      </Group>
      {users.isError && <Alert color="red">An unexpected error occurred: {errorText(users.error)}</Alert>}
      {users.isPending && (
        <Stack gap="xs" aria-busy>
          <Group>
            <Loader size="sm" />
            <Text>Loading users...</Text>
          </Group>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      )}
      {users.data && (
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={1100}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c.label}>
                    {c.path ? (
                      <UnstyledButton
                        fw={700}
                        fz="sm"
                        onClick={() => {
                          setSort((s) => cycleUsersSort(s, c.path!));
                          setPage(1);
                        }}
                      >
                        <Group gap={4} wrap="nowrap">
                          {c.label}
                          {sort?.path === c.path &&
                            (sort.descending ? (
                              <IconArrowDown size={14} aria-label="descending" />
                            ) : (
                              <IconArrowUp size={14} aria-label="ascending" />
                            ))}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                ))}
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.users.map((u) => (
                <Table.Tr key={u.id}>
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
                        <Menu.Item onClick={() => void askTwoFactor(u)}>
                          {u.twoFactorEnabled ? 'Disable two-factor' : 'Enable two-factor'}
                        </Menu.Item>
                        <Menu.Item color="red" onClick={() => setConfirm({ kind: 'delete', user: u })}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {users.data.users.length === 0 && (
            <Text ta="center" py="lg" c="dimmed">
              No results found
            </Text>
          )}
        </ScrollArea>
      )}
      <Group gap="xs">
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => setPage(1)}>
          First
        </Button>
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Text size="sm" px="xs">
          {page} of {pages}
        </Text>
        <Button variant="default" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
        <Button variant="default" size="sm" disabled={page >= pages} onClick={() => setPage(pages)}>
          Last
        </Button>
      </Group>

      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title="Please confirm" centered>
        {confirm && (
          <Stack>
            <Text>{question[confirm.kind](confirm.user.email)}</Text>
            {confirm.kind === 'enable2fa' && (
              <Radio.Group value={method} onChange={setMethod}>
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
                loading={act.isPending}
                onClick={() => act.mutate(confirm)}
              >
                Confirm
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={creating} onClose={() => setCreating(false)} title="Create a user" centered>
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
            <Button variant="subtle" onClick={() => setCreating(false)}>
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
    </Stack>
  );
}
