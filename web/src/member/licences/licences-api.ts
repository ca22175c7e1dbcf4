import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { graphqlRequest } from '../../client/graphql';
import { LICENCE_TEXT } from './licence-rules';

export interface LicenceRow {
  id: string;
  licenceName: string;
  licenceType: string | null;
  licenceNumber: string | null;
  renewalDate: string | null;
  status: string | null;
}

/** Paths of a user's licences (member-site.md 2, 'Users and licences'). */
export const licencePaths = (userId: string) => ({
  list: `/users/${userId}/licences`,
  create: `/users/${userId}/licences/create`,
  view: (id: string) => `/users/${userId}/licences/view/${id}`,
  edit: (id: string) => `/users/${userId}/licences/edit/${id}`,
});

/** A user's licences shown at most this many at once (their view page lists them all in practice). */
export const LICENCE_LIST_MAX = 100;

const LIST = `query($c: [[WhereExpressionGraph!]!], $take: Int) {
  r: licenceEntitys(conditions: $c, take: $take, orderBy: [{path: "licenceName"}]) { id licenceName licenceType licenceNumber renewalDate status } }`;

/**
 * A user's licences, under the key of the licences' lists (['list', 'LicenceEntity', ...]): the
 * record controller's save, a delete and approve refresh it with every other list of licences.
 */
export function useUserLicences(userId: string | undefined) {
  return useQuery({
    queryKey: ['list', 'LicenceEntity', 'of-user', userId],
    queryFn: async () =>
      (
        await graphqlRequest<{ r: LicenceRow[] }>(LIST, {
          c: [[{ path: 'mehubAccountId', comparison: 'equal', value: [userId] }]],
          take: LICENCE_LIST_MAX,
        })
      ).r,
    enabled: !!userId,
  });
}

/** Approve (updateLicenceEntity {id, status: 'ACTIVE'}: the server sets ACTIVE or EXPIRED and authorizedDate) and Remove (delete). */
export function useLicenceActions() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['list', 'LicenceEntity'] });
    void client.invalidateQueries({ queryKey: ['record', 'LicenceEntity'] });
  };
  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: 'red', title, message: err instanceof Error ? err.message : String(err), autoClose: false });
  const approve = useMutation({
    mutationFn: (id: string) =>
      graphqlRequest(`mutation($m: [LicenceEntityInput!]!) { r: updateLicenceEntity(licenceEntityModels: $m) { id status } }`, {
        m: [{ id, status: 'ACTIVE' }],
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: LICENCE_TEXT.approved });
      refresh();
    },
    onError: fail(LICENCE_TEXT.approveFailed),
  });
  const remove = useMutation({
    mutationFn: (id: string) => graphqlRequest(`mutation($ids: [ID!]!) { r: deleteLicenceEntity(licenceEntityIds: $ids) }`, { ids: [id] }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: LICENCE_TEXT.removed });
      refresh();
    },
    onError: fail(LICENCE_TEXT.removeFailed),
  });
  return { approve, remove };
}
