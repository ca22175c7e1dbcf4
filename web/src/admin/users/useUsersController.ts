import { notifications } from '@mantine/notifications';
import { isUuid } from '@hub/model';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError } from '../../client/api';
import { graphqlRequest } from '../../client/graphql';
import { cycleUsersSort, pageCount } from '../list/list-state';

export interface UserRow {
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

export type Confirm =
  | { kind: 'activate' | 'deactivate' | 'reset' | 'disable2fa' | 'delete'; user: UserRow }
  | { kind: 'enable2fa'; user: UserRow; methods: string[] };

const PAGE_SIZE = 10;
export const errorText = (err: unknown) =>
  err instanceof ApiError ? err.messages.join(' ') : err instanceof Error ? err.message : String(err);

/** The search conditions of the users list: email or type, and the id when the term is one. */
function searchConditions(term: string) {
  if (!term) return [];
  return [
    { path: 'email', comparison: 'like', value: [term] },
    { path: 'discriminator', comparison: 'like', value: [term] },
    ...(isUuid(term.trim()) ? [{ path: 'id', comparison: 'equal', value: [term.trim()] }] : []),
  ];
}

/** The account call behind each confirmed action, and its success message. */
async function perform(c: Confirm, method: string | null): Promise<{ message: string }> {
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
}

/** The failure toast of a confirmed action. */
function showFailure(err: unknown, c: Confirm) {
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
}

/** The users list's data, paging, search, sort and account actions (back-office 2.11). */
export function useUsersController() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<{ path: string; descending: boolean } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [method, setMethod] = useState<string | null>(null);

  const users = useQuery({
    queryKey: ['users', page, term, sort],
    queryFn: () =>
      api<{ users: UserRow[]; countUsers: number }>(
        'POST',
        '/api/account/users',
        {
          PaginationOptions: { PageNo: page, PageSize: PAGE_SIZE },
          SearchConditions: searchConditions(term),
          // Default: id descending.
          SortConditions: [sort ?? { path: 'id', descending: true }],
        },
        { redirectOn401: true },
      ),
    placeholderData: keepPreviousData,
  });

  const act = useMutation({
    mutationFn: (c: Confirm) => perform(c, method),
    onSuccess: (r, c) => {
      notifications.show({ color: 'green', message: r.message, autoClose: c.kind === 'enable2fa' ? false : 4000 });
      void client.invalidateQueries({ queryKey: ['users'] });
    },
    onError: showFailure,
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

  return {
    users,
    page,
    setPage,
    pages: pageCount(users.data?.countUsers ?? 0, PAGE_SIZE),
    search(text: string) {
      setTerm(text);
      setPage(1);
    },
    sort,
    cycleSort(path: string) {
      setSort((s) => cycleUsersSort(s, path));
      setPage(1);
    },
    confirm,
    setConfirm,
    method,
    setMethod,
    askTwoFactor,
    act: { run: (c: Confirm) => act.mutate(c), isPending: act.isPending },
  };
}
