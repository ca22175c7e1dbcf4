import { AppShell, Box, Burger, Button, Center, Group, Loader, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconApi, IconDashboard, IconLogout, IconShieldCheck, IconTool, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, Navigate, NavLink as RouterNavLink, Route, Routes, useLocation, useParams } from 'react-router';
import { hasBackendAccess, logout, useMe, useProviders } from '../app/session';
import { ListPage } from './list/ListPage';
import { TemplatesPage } from './list/TemplatesPage';
import { ExportPdfs } from './list/ExportPdfs';
import { AssignForms } from './list/AssignForms';
import { RecordPage } from './record/RecordPage';
import { UsersPage } from './users/UsersPage';
import { isAdminGroup } from '../app/session';
import {
  allowedTo,
  canBuildForms,
  entityLinks,
  formLinks,
  organisationLinks,
  timelineLinks,
  passesGate,
  screenFor,
  toolLinks,
  userLinks,
  type NavItem,
} from './nav';
import { Dashboard } from './Dashboard';
import { AccessDenied } from './tools/AccessDenied';
import { FormsBuilderPage } from './forms/FormsBuilderPage';

/** Tools most visits never open load on demand. */
const GraphiqlPage = lazy(() => import('./tools/GraphiqlPage'));
const StyleGuidePage = lazy(() => import('./tools/StyleGuidePage'));
const JobsPage = lazy(() => import('./tools/JobsPage'));
/** Timelines (graph and list) load with their page. */
const TimelinesPage = lazy(() => import('./timelines/TimelinesPage'));
/** The form designer and the versions page (issue 12) are heavy and for administrators only. */
const DesignerPage = lazy(() => import('./forms/designer/DesignerPage'));
const VersionsPage = lazy(() => import('./forms/VersionsPage'));
const later = (node: ReactNode) => (
  <Suspense
    fallback={
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    }
  >
    {node}
  </Suspense>
);

function NavItems({ items }: { items: NavItem[] }) {
  return items.map((l) =>
    l.external ? (
      <NavLink key={l.to} href={l.to} component="a" target="_blank" label={l.label} leftSection={<IconApi size={16} />} />
    ) : (
      <NavLink key={l.to} component={RouterNavLink} to={l.to} label={l.label} />
    ),
  );
}

function EntityScreen({ mode }: { mode: 'list' | 'create' | 'view' | 'edit' }) {
  const { entityPath = '', id } = useParams();
  const me = useMe().data;
  const screen = screenFor(entityPath);
  const op = mode === 'list' || mode === 'view' ? 'read' : mode === 'edit' ? 'update' : 'create';
  // Unknown screens and the group gates of section 6 go to /404; a missing right shows Access denied.
  if (!screen || !passesGate(me, screen.entity)) return <Navigate to="/404" replace />;
  if (!allowedTo(me, screen.entity, op)) return <AccessDenied />;
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
        // Review requests are reviewed, not viewed: their row action reads Review.
        withoutView={screen.entity.name === 'FormReviewRequestEntity'}
        bulkActions={
          screen.entity.name === 'MemberOrganisationEntity' && allowedTo(me, screen.entity, 'update')
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
  const builder = (page: ReactNode) => (canBuildForms(me.data) ? page : <Navigate to="/404" replace />);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header bg="navy.9" c="white">
        <Group h="100%" px={{ base: 'sm', xs: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" color="white" size="sm" aria-label="Menu" />
            {/* On the narrowest phones the name and Frontend need the room. */}
            <Box visibleFrom="xs" display="flex">
              <IconShieldCheck size={26} color="var(--mantine-color-safety-5)" aria-hidden />
            </Box>
            <Text fw={700} fz={{ base: 'sm', xs: 'md' }} style={{ whiteSpace: 'nowrap' }}>
              Safety Hub Admin
            </Text>
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
          {userLinks(me.data).length > 0 && (
            <NavLink label="Users" defaultOpened childrenOffset={12} leftSection={<IconUsers size={16} />}>
              <NavItems items={userLinks(me.data)} />
            </NavLink>
          )}
          <NavLink label="Entities" defaultOpened childrenOffset={12}>
            <NavItems items={entityLinks(me.data)} />
          </NavLink>
          <NavItems items={formLinks(me.data)} />
          <NavItems items={timelineLinks(me.data)} />
          <NavItems items={organisationLinks(me.data)} />
          <NavLink
            label="Utilities"
            childrenOffset={12}
            leftSection={<IconTool size={16} />}
            defaultOpened={toolLinks(me.data).some((l) => l.to === location.pathname)}
          >
            <NavItems items={toolLinks(me.data)} />
          </NavLink>
          <NavLink label="Logout" leftSection={<IconLogout size={16} />} onClick={() => void logout(me.data, providers, '/admin_login')} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Routes>
          <Route index element={<Dashboard />} />
          {/* Users: administrator groups (the users API is theirs alone); others fail the group gate. */}
          <Route path="users" element={isAdminGroup(me.data) ? <UsersPage /> : <Navigate to="/404" replace />} />
          <Route path="styleguide" element={later(<StyleGuidePage />)} />
          <Route path="graphiql" element={isAdminGroup(me.data) ? later(<GraphiqlPage />) : <AccessDenied />} />
          <Route path="jobs" element={isAdminGroup(me.data) ? later(<JobsPage />) : <AccessDenied />} />
          {/* Forms Builder, designer and versions (back-office 2.1, 6): Super Administrators and MehubAdmin; others /404. */}
          <Route path="forms/:tab?" element={builder(<FormsBuilderPage />)} />
          <Route path="forms/build" element={builder(later(<DesignerPage />))} />
          <Route path="forms/build/:entity/:id" element={builder(later(<DesignerPage />))} />
          <Route path="forms/versions/:id" element={builder(later(<VersionsPage />))} />
          {/* Timelines (back-office 2.1): component graph or list, optionally one account. */}
          <Route path="timelines" element={<Navigate to="/admin/timelines/graph" replace />} />
          <Route path="timelines/:component/:entity?/:id?" element={later(<TimelinesPage />)} />
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
