import { hasRoleFact } from '@hub/model/roles';
import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
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
const ActivityPage = lazy(() => import('../member/site/ActivityPage').then((m) => ({ default: m.ActivityPage })));

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
          { path: '/safety-form/:formId/*', element: later(<SafetyFormPage />) },
          { path: '/user-submissions/:type', element: later(<SubmissionsPage />) },
          { path: '/user-submissions/:type/view/:id', element: later(<SubmissionPage key="view" mode="view" />) },
          { path: '/user-submissions/:type/edit/:id', element: later(<SubmissionPage key="edit" mode="edit" />) },
          { path: '/user-submissions/:type/:formId/view/:id', element: later(<SubmissionPage key="view" mode="view" />) },
          { path: '/user-submissions/:type/:formId/edit/:id', element: later(<SubmissionPage key="edit" mode="edit" />) },
          {
            path: '/integrations',
            element: <ManagersOnly>{later(<IntegrationsPage />)}</ManagersOnly>,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
