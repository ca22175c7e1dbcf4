import { AppShell, Anchor, Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconPlugConnected, IconShieldCheck } from '@tabler/icons-react';
import { hasRoleFact } from '@hub/model/roles';
import { safePath } from '@hub/model/safe-path';
import { Link, Outlet, useLocation } from 'react-router';
import { displayName, hasBackendAccess, logout, useMe, useProviders } from './session';

/** The member site's frame: the top bar with the hub's name and the user's menu, then the page. */
export function AppShellLayout() {
  const me = useMe().data;
  const providers = useProviders().data;
  const location = useLocation();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header bg="navy.9" c="white">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/home" c="white" underline="never" aria-label="Safety Hub home">
            <Group gap="xs" wrap="nowrap">
              <IconShieldCheck size={28} color="var(--mantine-color-safety-5)" aria-hidden />
              <Text fw={700} fz="lg">
                Safety Hub
              </Text>
            </Group>
          </Anchor>
          {me ? (
            <Group gap="sm" wrap="nowrap">
              {hasBackendAccess(me) && (
                <Button component={Link} to="/admin" variant="white" color="navy" size="xs">
                  Admin
                </Button>
              )}
              <Menu position="bottom-end" width={240}>
                <Menu.Target>
                  <UnstyledButton c="white" aria-label="Account menu" mih={44}>
                    <Group gap={8} wrap="nowrap">
                      <Avatar size={30} color="safety" radius="xl">
                        {(me.givenName ?? me.email).charAt(0).toUpperCase()}
                      </Avatar>
                      <Text size="sm" visibleFrom="xs" maw={180} truncate>
                        {displayName(me)}
                      </Text>
                      <IconChevronDown size={16} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{me.email}</Menu.Label>
                  <Menu.Item component={Link} to="/profile/two-factor" leftSection={<IconKey size={16} />}>
                    Two-factor authentication
                  </Menu.Item>
                  {hasRoleFact('apiTokens', me.roleName) && (
                    <Menu.Item component={Link} to="/integrations" leftSection={<IconPlugConnected size={16} />}>
                      My Integrations
                    </Menu.Item>
                  )}
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout(me, providers)}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          ) : (
            <Button
              component={Link}
              to={`/admin_login?redirect=${encodeURIComponent(safePath(location.pathname))}`}
              variant="white"
              color="navy"
              size="sm"
            >
              Login
            </Button>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
