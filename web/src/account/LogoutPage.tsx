import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { safePath } from '@hub/model/safe-path';
import { logout, useMe, useProviders, useSetMe } from '../app/session';

/**
 * /logout (public): forgets the signed-in user and what this tab kept, then administrator
 * groups go to the server logout (back to `redirect`, default '/'), others to single
 * logout when it is configured (member-site.md section 1).
 */
export function LogoutPage() {
  const me = useMe();
  const providers = useProviders();
  const setMe = useSetMe();
  const [params] = useSearchParams();
  const redirect = safePath(params.get('redirect'));
  const done = useRef(false);

  useEffect(() => {
    if (done.current || me.isPending || providers.isPending) return;
    done.current = true;
    const user = me.data;
    setMe(null);
    logout(user, providers.data, redirect);
  }, [me.isPending, me.data, providers.isPending, providers.data, redirect, setMe]);

  return (
    <Center mih="60dvh">
      <Loader aria-label="Signing out" />
    </Center>
  );
}
