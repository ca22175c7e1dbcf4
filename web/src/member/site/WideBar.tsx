import { Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayName, hasBackendAccess, logout, useProviders } from '../../app/session';
import { NEW_TAB } from './links';
import type { ResolvedItem, ResolvedLink } from './menu';
import { AdminSwitch, LoginButton, Logo, useNav } from './NavBar';

const isMenu = (i: ResolvedItem): i is Extract<ResolvedItem, { items: unknown }> => 'items' in i;

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

/** Wide windows: the secondary group and the account on a thin row, then the logo and the main bar. */
export function WideBar() {
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
