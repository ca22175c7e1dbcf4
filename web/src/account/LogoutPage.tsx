import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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
  const navigate = useNavigate();
  const redirect = safePath(params.get('redirect'));
  const done = useRef(false);

  useEffect(() => {
    if (done.current || me.isPending || providers.isPending) return;
    done.current = true;
    const user = me.data;
    void logout(user, providers.data, redirect).then((out) => {
      if (out) setMe(null);
      // The user chose to stay signed in (forms wait to be sent): back where they were.
      else void navigate(-1);
    });
  }, [me.isPending, me.data, providers.isPending, providers.data, redirect, setMe, navigate]);

  return (
    <Center mih="60dvh">
      <Loader aria-label="Signing out" />
    </Center>
  );
}
