import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { safePath } from '@hub/model/safe-path';
import { useMe } from './session';

/** Pages inside the authenticated shell: signed-out visitors go to sign in and come back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending)
    return (
      <Center mih="60dvh">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (!me.data)
    return <Navigate to={`/admin_login?redirect=${encodeURIComponent(safePath(location.pathname + location.search))}`} replace />;
  return <>{children}</>;
}
