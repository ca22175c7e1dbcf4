import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { safePath } from '@hub/model/safe-path';
import { isAdministratorGroups } from '@hub/model/groups';
import { api, ApiError } from '../client/api';
import { isNetworkError } from '../client/connectivity';
import { deviceUser, rememberDeviceUser } from '../offline/db';
import { prepareSignOut } from '../offline/SignOutGuard';

export type { Me } from '@hub/model/account';
import type { Me } from '@hub/model/account';

const ME = ['me'] as const;

/**
 * The current user from /api/account/me: null when signed out. When the hub cannot be
 * reached (offline: no answer at all, not a 401), the user last signed in on this device goes
 * on with what the device keeps for them (docs/offline.md); a 401 signs out as ever.
 */
export function useMe() {
  return useQuery({
    queryKey: ME,
    queryFn: async () => {
      try {
        const me = await api<Me>('GET', '/api/account/me');
        warnDuplicateEmailOnce(me);
        void rememberDeviceUser(me);
        return me;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          await rememberDeviceUser(null);
          return null;
        }
        if (isNetworkError(err)) {
          const kept = await deviceUser();
          if (kept) return kept;
        }
        throw err;
      }
    },
    staleTime: 60_000,
    // Asked even when the browser says it is offline: the answer then comes from the device.
    networkMode: 'always',
  });
}

export function useSetMe() {
  const client = useQueryClient();
  return (me: Me | null) => {
    warnDuplicateEmailOnce(me);
    void rememberDeviceUser(me);
    return client.setQueryData(ME, me);
  };
}

export const DUPLICATE_EMAIL_WARNING = 'Hi, you are using a duplicate email. Please contact your manager to resolve';
/** Session storage: the duplicate-email warning was shown in this browser session. */
export const DUPLICATE_EMAIL_WARNED = 'duplicateEmailWarned';

/**
 * Users flagged isDuplicate see a warning once per session (member-site.md): whenever the
 * signed-in user arrives (sign-in, or a page load with a session), unless already shown.
 * Logout clears session storage, so the next sign-in warns again.
 */
export function warnDuplicateEmailOnce(me: Me | null | undefined): void {
  if (!me?.isDuplicate || sessionStorage.getItem(DUPLICATE_EMAIL_WARNED)) return;
  sessionStorage.setItem(DUPLICATE_EMAIL_WARNED, 'true');
  notifications.show({ color: 'yellow', message: DUPLICATE_EMAIL_WARNING, autoClose: 10_000 });
}

export const hasBackendAccess = (me: Me | null | undefined) => !!me?.groups.some((g) => g.hasBackendAccess);
/** The server's own test of an administrator (model/src/groups.ts). */
export const isAdminGroup = (me: Me | null | undefined) => !!me && isAdministratorGroups(me.groups.map((g) => g.name));
export const displayName = (me: Me) => [me.givenName, me.surname].filter(Boolean).join(' ') || me.email;

export interface Providers {
  sso: boolean;
  ssoLogout: boolean;
}

export function useProviders() {
  return useQuery({ queryKey: ['providers'], queryFn: () => api<Providers>('GET', '/api/authorization/providers'), staleTime: Infinity });
}

/**
 * Logout: forgets what this tab and this device kept (asking first when forms wait to be
 * sent: false when the user stays signed in), then administrator groups end the server session
 * (and come back to `redirect`, a path of the hub); others leave through single logout when it
 * is configured.
 */
export async function logout(me: Me | null | undefined, providers: Providers | undefined, back = '/admin_login'): Promise<boolean> {
  // What this device keeps for the user goes too; forms still waiting to send are asked about first.
  if (!(await prepareSignOut(me?.id))) return false;
  const redirect = safePath(back);
  sessionStorage.clear();
  localStorage.removeItem('displayNewsTicker');
  if (!isAdminGroup(me) && providers?.ssoLogout)
    window.location.assign(`/Saml/InitiateSingleLogout?returnurl=${encodeURIComponent(redirect)}`);
  else window.location.assign(`/api/authorization/logout?redirect=${encodeURIComponent(redirect)}&clean=true`);
  return true;
}
