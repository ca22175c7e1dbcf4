import { Anchor, Burger, Button, Divider, Drawer, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconExternalLink, IconKey, IconLogout, IconShieldCheck } from '@tabler/icons-react';
import { safePath } from '@hub/model/safe-path';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { displayName, hasBackendAccess, logout, useMe, useProviders } from '../../app/session';
import { NEW_TAB } from './links';
import { MAIN_NAV, SECONDARY_NAV, visibleNav, type ResolvedItem, type ResolvedLink } from './menu';
import { useSiteConfig } from './site-api';

/** member-site.md section 9: the slide-out menu closes at this width and wider. */
export const WIDE_NAV = '(min-width: 1600px)';

/** Heights of the bar: two rows on wide windows, one with the burger otherwise. */
export const NAV_HEIGHT = { wide: 104, narrow: 60 };

export function useWideNav(): boolean {
  return useMediaQuery(WIDE_NAV, false, { getInitialValueInEffect: false });
}

/** The navigation entries this user sees, with the association's addresses from GET /api/site. */
function useNav() {
  const me = useMe().data;
  const links = useSiteConfig().data?.links;
  const viewer = { roleName: me?.roleName ?? null, backend: hasBackendAccess(me), memberOrganisationId: me?.memberOrganisationId ?? null };
  return { me, main: visibleNav(MAIN_NAV, viewer, links), secondary: visibleNav(SECONDARY_NAV, viewer, links) as ResolvedLink[] };
}

const isMenu = (i: ResolvedItem): i is Extract<ResolvedItem, { items: unknown }> => 'items' in i;

function Logo() {
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
        <Text fw={700} fz="lg">
          Safety Hub
        </Text>
      </Group>
    </Anchor>
  );
}

/** One entry of the wide bar. */
function BarLink({ link, size = 'sm' }: { link: ResolvedLink; size?: 'sm' | 'xs' }) {
  const common = { variant: 'subtle', color: 'gray.0', c: 'white', size, px: 10 } as const;
  return 'to' in link ? (
    <Button component={Link} to={link.to} {...common}>
      {link.label}
    </Button>
  ) : (
    <Button
      component="a"
      href={link.href}
      {...NEW_TAB}
      {...common}
      rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
    >
      {link.label}
    </Button>
  );
}

function BarMenu({ label, items }: { label: string; items: ResolvedLink[] }) {
  return (
    <Menu position="bottom-start" width={240} withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray.0" c="white" size="sm" px={10} rightSection={<IconChevronDown size={14} aria-hidden />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((l) =>
          'to' in l ? (
            <Menu.Item key={l.label} component={Link} to={l.to} mih={40}>
              {l.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={l.label}
              component="a"
              href={l.href}
              {...NEW_TAB}
              mih={40}
              rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
            >
              {l.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The Frontend/Admin switch: only for users with back-end access. */
function AdminSwitch() {
  return (
    <Button component={Link} to="/admin" variant="white" color="navy" size="xs" mih={36}>
      Admin
    </Button>
  );
}

function LoginButton() {
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

/** Wide windows: the secondary group and the account on a thin row, then the logo and the main bar. */
function WideBar() {
  const { me, main, secondary } = useNav();
  const providers = useProviders().data;
  return (
    <Stack gap={0} h="100%">
      <Group h={40} px="md" justify="flex-end" gap={4} wrap="nowrap" bg="navy.8" component="nav" aria-label="Secondary">
        {secondary.map((l) => (
          <BarLink key={l.label} link={l} size="xs" />
        ))}
        {me && hasBackendAccess(me) && <AdminSwitch />}
        {me ? (
          <>
            <Menu position="bottom-end" width={240}>
              <Menu.Target>
                <UnstyledButton c="white" aria-label="Account menu" mih={36} px={8}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" maw={180} truncate>
                      {displayName(me)}
                    </Text>
                    <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{me.email}</Menu.Label>
                <Menu.Item component={Link} to="/profile/two-factor" leftSection={<IconKey size={16} aria-hidden />}>
                  Two-factor authentication
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="subtle"
              color="gray.0"
              c="white"
              size="xs"
              leftSection={<IconLogout size={14} aria-hidden />}
              onClick={() => logout(me, providers)}
            >
              Logout
            </Button>
          </>
        ) : (
          <LoginButton />
        )}
      </Group>
      <Group h={64} px="md" gap="lg" wrap="nowrap">
        <Logo />
        <Group component="nav" aria-label="Main" gap={2} wrap="nowrap">
          {main.map((i) => (isMenu(i) ? <BarMenu key={i.label} label={i.label} items={i.items} /> : <BarLink key={i.label} link={i} />))}
        </Group>
      </Group>
    </Stack>
  );
}

function DrawerLink({ link, onNavigate }: { link: ResolvedLink; onNavigate: () => void }) {
  return 'to' in link ? (
    <NavLink component={Link} to={link.to} label={link.label} mih={44} onClick={onNavigate} />
  ) : (
    <NavLink
      component="a"
      href={link.href}
      {...NEW_TAB}
      label={link.label}
      mih={44}
      onClick={onNavigate}
      rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
    />
  );
}

/** A menu of the slide-out: a button that opens its entries below it. */
function DrawerGroup({ label, items, onNavigate }: { label: string; items: ResolvedLink[]; onNavigate: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink component="button" label={label} mih={44} childrenOffset="md" opened={opened} onChange={setOpened} aria-expanded={opened}>
      {items.map((l) => (
        <DrawerLink key={l.label} link={l} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** Narrow windows: logo, the Admin switch, and a burger that opens the slide-out menu. */
function NarrowBar() {
  const { me, main, secondary } = useNav();
  const providers = useProviders().data;
  const [opened, setOpened] = useState(false);
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
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Logo />
      <Group gap="xs" wrap="nowrap">
        {me && hasBackendAccess(me) && <AdminSwitch />}
        {!me && <LoginButton />}
        <Burger
          opened={opened}
          onClick={() => setOpened((o) => !o)}
          color="white"
          size="sm"
          aria-label={opened ? 'Close menu' : 'Open menu'}
          w={44}
          h={44}
        />
      </Group>
      <Drawer opened={opened} onClose={close} position="right" size="sm" title="Menu" closeButtonProps={{ 'aria-label': 'Close menu' }}>
        <Stack gap={0} component="nav" aria-label="Main">
          {main.map((i) =>
            isMenu(i) ? (
              <DrawerGroup key={i.label} label={i.label} items={i.items} onNavigate={close} />
            ) : (
              <DrawerLink key={i.label} link={i} onNavigate={close} />
            ),
          )}
        </Stack>
        <Divider my="sm" />
        <Stack gap={0} component="nav" aria-label="Secondary">
          {secondary.map((l) => (
            <DrawerLink key={l.label} link={l} onNavigate={close} />
          ))}
          {me ? (
            <>
              <NavLink component={Link} to="/profile/two-factor" label="Two-factor authentication" mih={44} onClick={close} />
              <NavLink
                component="button"
                label="Logout"
                mih={44}
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => logout(me, providers)}
              />
            </>
          ) : null}
        </Stack>
      </Drawer>
    </Group>
  );
}

/** The member site's navigation bar (member-site.md section 2), inside AppShell.Header. */
export function NavBar({ wide }: { wide: boolean }) {
  return wide ? <WideBar /> : <NarrowBar />;
}
