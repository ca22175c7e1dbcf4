import { AppShell, Burger, Button, Card, Group, NavLink, ScrollArea, SimpleGrid, Stack, Text, Title, Anchor } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconApi, IconDashboard, IconLogout, IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, NavLink as RouterNavLink, Route, Routes, useLocation, useParams } from 'react-router';
import { hasBackendAccess, logout, useMe, useProviders } from '../app/session';
import { ListPage } from './list/ListPage';
import { TemplatesPage } from './list/TemplatesPage';
import { ExportPdfs } from './list/ExportPdfs';
import { AssignForms } from './list/AssignForms';
import { RecordPage } from './record/RecordPage';
import { UsersPage } from './users/UsersPage';
import { isAdminGroup } from '../app/session';
import { can } from '@hub/model/groups';
import { entityLinks, ownLinks, screenFor } from './nav';

function Dashboard() {
  return (
    <Stack>
      <Title order={1}>Back-office</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder padding="lg">
          <Text fw={700}>API documentation</Text>
          <Text size="sm" c="dimmed" mb="sm">
            The REST calls of the hub, described with OpenAPI.
          </Text>
          <Anchor href="/api/swagger" target="_blank">
            Open API documentation
          </Anchor>
        </Card>
        <Card withBorder padding="lg">
          <Text fw={700}>Entities</Text>
          <Text size="sm" c="dimmed">
            Every record type of the hub has a list here, with search, filters, sorting, export and delete.
          </Text>
        </Card>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        bot version {window.location.hostname}
      </Text>
    </Stack>
  );
}

function EntityScreen({ mode }: { mode: 'list' | 'create' | 'view' | 'edit' }) {
  const { entityPath = '', id } = useParams();
  const me = useMe().data;
  const screen = screenFor(entityPath);
  const op = mode === 'list' || mode === 'view' ? 'read' : mode === 'edit' ? 'update' : 'create';
  if (!screen || !can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, screen.entity.name, op))
    return <Navigate to="/404" replace />;
  if (mode === 'list' && screen.entity.name === 'TemplateEntity')
    return <TemplatesPage entity={screen.entity} basePath={`/admin/${screen.path}`} />;
  if (mode === 'list')
    return (
      <ListPage
        key={screen.path}
        entity={screen.entity}
        title={screen.title}
        base={screen.base}
        basePath={`/admin/${screen.path}`}
        bulkActions={
          screen.entity.name === 'MemberOrganisationEntity' &&
          can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, screen.entity.name, 'update')
            ? (sel) => <AssignForms conditions={sel.conditions} onDone={sel.done} />
            : screen.entity.name === 'FormSubmissionsEntity'
              ? (sel) => <ExportPdfs conditions={sel.conditions} />
              : undefined
        }
      />
    );
  return (
    <RecordPage
      key={`${screen.path}-${mode}-${id}`}
      entity={screen.entity}
      title={screen.entity.label}
      mode={mode}
      id={id}
      listPath={`/admin/${screen.path}`}
    />
  );
}

/** The back-office at /admin: back-end access required, the sidebar built from the model and the viewer's rights. */
export default function AdminApp() {
  const me = useMe();
  const providers = useProviders().data;
  const [opened, { toggle, close }] = useDisclosure(false);
  const wide = useMediaQuery('(min-width: 1600px)');
  const location = useLocation();
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);
  useEffect(close, [location.pathname, close]);

  if (me.isPending) return null;
  if (!me.data) return <Navigate to={`/admin_login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (!hasBackendAccess(me.data)) return <Navigate to="/404" replace />;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header bg="navy.9" c="white">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" color="white" size="sm" aria-label="Menu" />
            <IconShieldCheck size={26} color="var(--mantine-color-safety-5)" aria-hidden />
            <Text fw={700}>Safety Hub Admin</Text>
          </Group>
          <Group gap="xs">
            <Button component={Link} to="/home" variant="white" color="navy" size="xs">
              Frontend
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          <NavLink component={RouterNavLink} to="/admin" end label="Home" leftSection={<IconDashboard size={16} />} />
          {isAdminGroup(me.data) && <NavLink component={RouterNavLink} to="/admin/users" label="All Users" />}
          <NavLink label="Entities" defaultOpened childrenOffset={12}>
            {entityLinks(me.data).map((l) => (
              <NavLink key={l.to} component={RouterNavLink} to={l.to} label={l.label} />
            ))}
          </NavLink>
          {ownLinks(me.data).map((l) => (
            <NavLink key={l.to} component={RouterNavLink} to={l.to} label={l.label} />
          ))}
          <NavLink label="Utilities" childrenOffset={12}>
            <NavLink href="/api/swagger" component="a" target="_blank" label="OpenAPI" leftSection={<IconApi size={16} />} />
          </NavLink>
          <NavLink label="Logout" leftSection={<IconLogout size={16} />} onClick={() => logout(me.data, providers, '/admin_login')} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Routes>
          <Route index element={<Dashboard />} />
          <Route path="users" element={isAdminGroup(me.data) ? <UsersPage /> : <Navigate to="/404" replace />} />
          <Route path=":entityPath" element={<EntityScreen mode="list" />} />
          <Route path=":entityPath/create" element={<EntityScreen mode="create" />} />
          <Route path=":entityPath/view/:id" element={<EntityScreen mode="view" />} />
          <Route path=":entityPath/edit/:id" element={<EntityScreen mode="edit" />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </AppShell.Main>
    </AppShell>
  );
}
