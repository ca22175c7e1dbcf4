import { Anchor, Burger, Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { safePath } from '@hub/model/safe-path';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { hasBackendAccess, useMe } from '../../app/session';
import { useQuery } from '@tanstack/react-query';
import { countMyActions } from '../actions/count';
import { MAIN_NAV, SECONDARY_NAV, actionManager, visibleNav, type ResolvedLink } from './menu';
import { OutboxBadge } from '../../offline/OutboxStatus';
import { useSiteConfig } from './site-api';

/** member-site.md section 9: the slide-out menu closes at this width and wider. */
export const WIDE_NAV = '(min-width: 1600px)';

/** Heights of the bar: two rows on wide windows, one with the burger otherwise. */
export const NAV_HEIGHT = { wide: 104, narrow: 60 };

export function useWideNav(): boolean {
  return useMediaQuery(WIDE_NAV, false, { getInitialValueInEffect: false });
}

/** The navigation entries this user sees, with the association's addresses from GET /api/site. */
export function useNav() {
  const me = useMe().data;
  const links = useSiteConfig().data?.links;
  const base = { roleName: me?.roleName ?? null, backend: hasBackendAccess(me), memberOrganisationId: me?.memberOrganisationId ?? null };
  // A member who is no manager sees Corrective Actions once one is assigned to them.
  const assigned = useQuery({
    queryKey: ['list', 'CorrectiveActionEntity', 'mine'],
    queryFn: countMyActions,
    enabled: !!me?.memberOrganisationId && !actionManager(base),
    staleTime: 60_000,
  });
  const viewer = { ...base, hasActions: (assigned.data ?? 0) > 0 };
  return { me, main: visibleNav(MAIN_NAV, viewer, links), secondary: visibleNav(SECONDARY_NAV, viewer, links) as ResolvedLink[] };
}

export function Logo() {
  return (
    <Anchor
      component={Link}
      to="/home"
      c="white"
      underline="never"
      aria-label="Safety Hub home"
      mih={44}
      display="flex"
      style={{ alignItems: 'center' }}
    >
      <Group gap="xs" wrap="nowrap">
        <IconShieldCheck size={28} color="var(--mantine-color-safety-5)" aria-hidden />
        <Text fw={700} fz={{ base: 'md', xs: 'lg' }} style={{ whiteSpace: 'nowrap' }}>
          Safety Hub
        </Text>
      </Group>
    </Anchor>
  );
}

const SlideOut = lazy(() => import('./SlideOut').then((m) => ({ default: m.SlideOut })));

/** The Frontend/Admin switch: only for users with back-end access (44 px tall where fingers tap it; `compact` in the wide bar's thin row). */
export function AdminSwitch({ compact = false }: { compact?: boolean }) {
  return (
    <Button component={Link} to="/admin" variant="white" color="navy" size="xs" mih={compact ? 30 : 44}>
      Admin
    </Button>
  );
}

export function LoginButton() {
  const location = useLocation();
  return (
    <Button
      component={Link}
      to={`/admin_login?redirect=${encodeURIComponent(safePath(location.pathname))}`}
      variant="white"
      color="navy"
      size="sm"
    >
      Login
    </Button>
  );
}

/** Narrow windows: logo, the Admin switch, and a burger that opens the slide-out menu. */
function NarrowBar() {
  const { me, main, secondary } = useNav();
  const [opened, setOpened] = useState(false);
  // The slide-out's code loads on the first tap of the burger (home's first load stays small).
  const [loaded, setLoaded] = useState(false);
  const close = () => setOpened(false);
  // The menu closes by itself when the window becomes wide (member-site.md: at 1600 or more).
  useEffect(() => {
    const query = window.matchMedia(WIDE_NAV);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) setOpened(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return (
    <Group h="100%" px={{ base: 'sm', xs: 'md' }} justify="space-between" wrap="nowrap">
      <Logo />
      <Group gap="xs" wrap="nowrap">
        {me && <OutboxBadge userId={me.id} />}
        {me && hasBackendAccess(me) && <AdminSwitch />}
        {!me && <LoginButton />}
        <Burger
          opened={opened}
          onClick={() => {
            setLoaded(true);
            setOpened((o) => !o);
          }}
          color="white"
          size="sm"
          aria-label={opened ? 'Close menu' : 'Open menu'}
          w={44}
          h={44}
        />
      </Group>
      {loaded && (
        <Suspense fallback={null}>
          <SlideOut opened={opened} onClose={close} main={main} secondary={secondary} />
        </Suspense>
      )}
    </Group>
  );
}

const WideBar = lazy(() => import('./WideBar').then((m) => ({ default: m.WideBar })));

/** The member site's navigation bar (member-site.md section 2), inside AppShell.Header. */
export function NavBar({ wide }: { wide: boolean }) {
  // The two-row bar of wide windows loads on demand: phones and laptops never need its menus.
  return wide ? (
    <Suspense
      fallback={
        <Group h="100%" px="md">
          <Logo />
        </Group>
      }
    >
      <WideBar />
    </Suspense>
  ) : (
    <NarrowBar />
  );
}
