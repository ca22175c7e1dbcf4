import { hasRoleFact } from '@hub/model/roles';
import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, Route, Routes, ScrollRestoration, useParams } from 'react-router';
import { assetsPageOfSegment } from '../member/assets/asset-paths';
import { actionsPageOfSegment } from '../member/actions/action-paths';
import { AppShellLayout } from './AppShellLayout';
import { ForbiddenPage } from './ForbiddenPage';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { RequireAuth } from './RequireAuth';
import { useMe } from './session';

/** Pages most visits never open load on demand, keeping sign-in and home small. */
const LoginPage = lazy(() => import('../account/LoginPage').then((m) => ({ default: m.LoginPage })));
const TwoFactorPage = lazy(() => import('../account/TwoFactorPage').then((m) => ({ default: m.TwoFactorPage })));
const AdminApp = lazy(() => import('../admin/AdminApp'));
const IntegrationsPage = lazy(() => import('../account/IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })));
const TwoFactorSetupPage = lazy(() => import('../account/TwoFactorSetupPage').then((m) => ({ default: m.TwoFactorSetupPage })));
const RegisterPage = lazy(() => import('../account/RegisterPages').then((m) => ({ default: m.RegisterPage })));
const RegisterSuccessPage = lazy(() => import('../account/RegisterPages').then((m) => ({ default: m.RegisterSuccessPage })));
const ConfirmEmailPage = lazy(() => import('../account/RegisterPages').then((m) => ({ default: m.ConfirmEmailPage })));
const ResetRequestPage = lazy(() => import('../account/PasswordPages').then((m) => ({ default: m.ResetRequestPage })));
const ResetPasswordPage = lazy(() => import('../account/PasswordPages').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('../account/LogoutPage').then((m) => ({ default: m.LogoutPage })));
const SafetyPage = lazy(() => import('../member/forms/SafetyPage').then((m) => ({ default: m.SafetyPage })));
const LibraryPage = lazy(() => import('../member/library/LibraryPage').then((m) => ({ default: m.LibraryPage })));
const StandardsPage = lazy(() => import('../member/standards/StandardsPage').then((m) => ({ default: m.StandardsPage })));
const ContactPage = lazy(() => import('../member/contact/ContactPage').then((m) => ({ default: m.ContactPage })));
const SafetyFormPage = lazy(() => import('../member/forms/SafetyFormPage').then((m) => ({ default: m.SafetyFormPage })));
const SubmissionsPage = lazy(() => import('../member/forms/SubmissionsPage').then((m) => ({ default: m.SubmissionsPage })));
const SubmissionPage = lazy(() => import('../member/forms/SubmissionPage').then((m) => ({ default: m.SubmissionPage })));
const AttachPage = lazy(() => import('../member/attach/AttachPage').then((m) => ({ default: m.AttachPage })));
const ActivityPage = lazy(() => import('../member/site/ActivityPage').then((m) => ({ default: m.ActivityPage })));
const UsersPage = lazy(() => import('../member/users/UsersPage').then((m) => ({ default: m.UsersPage })));
const UserPage = lazy(() => import('../member/users/UserPage').then((m) => ({ default: m.UserPage })));
const UserTimelinePage = lazy(() => import('../member/users/UserTimelinePage').then((m) => ({ default: m.UserTimelinePage })));
const LicencePage = lazy(() => import('../member/licences/LicencePage').then((m) => ({ default: m.LicencePage })));
const UserLicences = lazy(() => import('../member/licences/LicencePage').then((m) => ({ default: m.UserLicencesRedirect })));
const AssetsPage = lazy(() => import('../member/assets/AssetsPage').then((m) => ({ default: m.AssetsPage })));
const AssetPage = lazy(() => import('../member/assets/AssetPage').then((m) => ({ default: m.AssetPage })));
const ActionsPage = lazy(() => import('../member/actions/ActionsPage').then((m) => ({ default: m.ActionsPage })));
const ActionPage = lazy(() => import('../member/actions/ActionPage').then((m) => ({ default: m.ActionPage })));
const DocumentsPage = lazy(() => import('../member/documents/DocumentsPage').then((m) => ({ default: m.DocumentsPage })));
const DocumentFormPage = lazy(() => import('../member/documents/DocumentFormPage').then((m) => ({ default: m.DocumentFormPage })));
const DocumentViewPage = lazy(() => import('../member/documents/DocumentViewPage').then((m) => ({ default: m.DocumentViewPage })));
const MeaDocumentsPage = lazy(() => import('../member/documents/MeaDocumentsPage').then((m) => ({ default: m.MeaDocumentsPage })));
const TemplatesPage = lazy(() => import('../member/templates/TemplatesPage').then((m) => ({ default: m.TemplatesPage })));
const TemplateViewPage = lazy(() => import('../member/templates/TemplatesPage').then((m) => ({ default: m.TemplateViewPage })));

const loading = (
  <Center mih="100dvh">
    <Loader aria-label="Loading" />
  </Center>
);
const later = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

/** Integrations: MehubAccount managers only. */
function ManagersOnly({ children }: { children: ReactNode }) {
  const me = useMe().data;
  return me?.memberOrganisationId && hasRoleFact('apiTokens', me.roleName) ? <>{children}</> : <Navigate to="/403" replace />;
}

/**
 * /assets-{pageNo}/...: the page number is part of the first segment, which React Router cannot
 * match, so the route is '/:page/*' (ranked below every static first segment such as /admin/*)
 * and the asset pages are routed here; any other first segment is the 404 page.
 */
/** Signed-in member pages under the app shell, with the 404 page for anything else. */
const memberShell = (routes: ReactNode) => (
  <Routes>
    <Route
      element={
        <RequireAuth>
          <AppShellLayout />
        </RequireAuth>
      }
    >
      {routes}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Routes>
);

function AssetsPaged() {
  const { page } = useParams();
  if (actionsPageOfSegment(page) !== null) return memberShell(<Route index element={later(<ActionsPage />)} />);
  if (assetsPageOfSegment(page) === null) return <NotFoundPage />;
  return memberShell(
    <>
      <Route index element={later(<AssetsPage />)} />
      <Route path="create" element={later(<AssetPage key="create" mode="create" />)} />
      <Route path=":parent/create" element={later(<AssetPage key="child" mode="create" />)} />
      <Route path="view/:id" element={later(<AssetPage key="view" mode="view" />)} />
      <Route path="edit/:id" element={later(<AssetPage key="edit" mode="edit" />)} />
    </>,
  );
}

/**
 * Routes of the member site. The back-office mounts under /admin as a lazily loaded
 * module of its own, so its code stays out of the member site's first load.
 */
/** Every page: a new page opens at its top; Back and Forward return to where the reader was. */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '/admin_login', element: later(<LoginPage />) },
      { path: '/login/2fa/:method', element: later(<TwoFactorPage />) },
      { path: '/register', element: later(<RegisterPage />) },
      { path: '/register/success', element: later(<RegisterSuccessPage />) },
      { path: '/confirm-email', element: later(<ConfirmEmailPage />) },
      { path: '/reset-password-request', element: later(<ResetRequestPage />) },
      { path: '/reset-password', element: later(<ResetPasswordPage />) },
      { path: '/logout', element: later(<LogoutPage />) },
      { path: '/admin/*', element: later(<AdminApp />) },
      {
        element: (
          <RequireAuth>
            <AppShellLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/activity', element: later(<ActivityPage />) },
          { path: '/profile/two-factor', element: later(<TwoFactorSetupPage />) },
          { path: '/mesafety', element: later(<SafetyPage />) },
          { path: '/documentlibrary', element: later(<LibraryPage />) },
          { path: '/standards', element: later(<StandardsPage />) },
          { path: '/contactus', element: later(<ContactPage />) },
          { path: '/safety-form/:formId/active-documents', element: later(<AttachPage key="documents" kind="documents" />) },
          { path: '/safety-form/:formId/active-assets', element: later(<AttachPage key="assets" kind="assets" />) },
          { path: '/safety-form/:formId/*', element: later(<SafetyFormPage />) },
          { path: '/user-submissions/:type', element: later(<SubmissionsPage />) },
          { path: '/user-submissions/:type/view/:id', element: later(<SubmissionPage key="view" mode="view" />) },
          { path: '/user-submissions/:type/edit/:id', element: later(<SubmissionPage key="edit" mode="edit" />) },
          { path: '/user-submissions/:type/:formId/view/:id', element: later(<SubmissionPage key="view" mode="view" />) },
          { path: '/user-submissions/:type/:formId/edit/:id', element: later(<SubmissionPage key="edit" mode="edit" />) },
          // Controlled documents: tabs in the path (type, status); {tab address}/create preselects the tab's type.
          { path: '/my-documents', element: later(<DocumentsPage />) },
          { path: '/my-documents/create', element: later(<DocumentFormPage key="create" mode="create" />) },
          { path: '/my-documents/view/:id', element: later(<DocumentViewPage key="view" />) },
          { path: '/my-documents/edit/:id', element: later(<DocumentFormPage key="edit" mode="edit" />) },
          { path: '/my-documents/:type', element: later(<DocumentsPage />) },
          { path: '/my-documents/:type/create', element: later(<DocumentFormPage key="create" mode="create" />) },
          { path: '/my-documents/:type/:status', element: later(<DocumentsPage />) },
          { path: '/my-documents/:type/:status/create', element: later(<DocumentFormPage key="create" mode="create" />) },
          { path: '/mea-documents', element: later(<MeaDocumentsPage />) },
          { path: '/mea-documents/:type', element: later(<MeaDocumentsPage />) },
          { path: '/mea-documents/:type/view/:id', element: later(<DocumentViewPage key="mea" mea />) },
          { path: '/safety-template', element: later(<TemplatesPage />) },
          { path: '/safety-template/:tab', element: later(<TemplatesPage />) },
          { path: '/safety-template/:type/:typeId/view/:id', element: later(<TemplateViewPage />) },
          { path: '/users', element: later(<UsersPage />) },
          { path: '/users/page/:page', element: later(<UsersPage />) },
          { path: '/users/create', element: later(<UserPage key="create" mode="create" />) },
          { path: '/users/view/:id', element: later(<UserPage key="view" mode="view" />) },
          { path: '/users/edit/:id', element: later(<UserPage key="edit" mode="edit" />) },
          { path: '/users/:userId/timeline', element: later(<UserTimelinePage />) },
          { path: '/users/:userId/licences', element: later(<UserLicences />) },
          { path: '/users/:userId/licences/create', element: later(<LicencePage key="create" mode="create" />) },
          { path: '/users/:userId/licences/view/:licenceId', element: later(<LicencePage key="view" mode="view" />) },
          { path: '/users/:userId/licences/edit/:licenceId', element: later(<LicencePage key="edit" mode="edit" />) },
          // Assets (member-site.md 2); /assets-{pageNo} and its sub-routes are routed by AssetsPaged below.
          { path: '/assets', element: later(<AssetsPage />) },
          { path: '/assets/create', element: later(<AssetPage key="create" mode="create" />) },
          { path: '/assets/:parent/create', element: later(<AssetPage key="child" mode="create" />) },
          { path: '/assets/view/:id', element: later(<AssetPage key="view" mode="view" />) },
          { path: '/assets/edit/:id', element: later(<AssetPage key="edit" mode="edit" />) },
          // Corrective actions (issue 15); /corrective-actions-{pageNo} is routed by AssetsPaged below.
          { path: '/corrective-actions', element: later(<ActionsPage />) },
          { path: '/corrective-actions/view/:id', element: later(<ActionPage />) },
          {
            path: '/integrations',
            element: <ManagersOnly>{later(<IntegrationsPage />)}</ManagersOnly>,
          },
        ],
      },
      { path: '/:page/*', element: <AssetsPaged /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
