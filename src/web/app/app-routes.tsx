import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { dashboardPaths, paths } from '../../contracts/paths';
import { SiteLayout } from '../components/layout/site-layout';
import { LandingPage } from '../features/landing/landing-page';

// Every page is its own chunk: a visitor downloads the code of the page they open, not the admin's. The landing
// page, the front door, ships in the main chunk, so it hydrates without waiting for a second download.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const AboutUsPage = named(() => import('../features/legal/about-us-page'), 'AboutUsPage');
const TermsPage = named(() => import('../features/legal/terms-page'), 'TermsPage');
const PrivacyPolicyPage = named(() => import('../features/legal/privacy-policy-page'), 'PrivacyPolicyPage');
const EmailVerifiedPage = named(() => import('../features/accounts/email-verified-page'), 'EmailVerifiedPage');
const VerificationFailedPage = named(
  () => import('../features/accounts/verification-failed-page'),
  'VerificationFailedPage',
);
const SignupPage = named(() => import('../features/accounts/signup-page'), 'SignupPage');
const LoginPage = named(() => import('../features/accounts/login-page'), 'LoginPage');
const LogoutPage = named(() => import('../features/accounts/logout-page'), 'LogoutPage');
const ForgotPasswordPage = named(() => import('../features/accounts/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = named(() => import('../features/accounts/reset-password-page'), 'ResetPasswordPage');
const ChangePasswordPage = named(() => import('../features/accounts/change-password-page'), 'ChangePasswordPage');
const CreateProfilePage = named(() => import('../features/students/create-profile-page'), 'CreateProfilePage');
const ProfilePage = named(() => import('./profile-page'), 'ProfilePage');
const CertificatePage = named(() => import('../features/certificates/certificate-page'), 'CertificatePage');
const StopRemindersPage = named(() => import('../features/notifications/stop-reminders-page'), 'StopRemindersPage');
const DashboardRoute = named(() => import('./dashboard-route'), 'DashboardRoute');
const AdminPage = named(() => import('./admin/admin-page'), 'AdminPage');
const NotFoundPage = named(() => import('../pages/not-found-page'), 'NotFoundPage');
const QueryLayout = named(() => import('./query-layout'), 'QueryLayout');

/** The dashboard's addresses, each listed, so that anything else under /DashPage is a page not found. */
const dashboardRoutes = [
  paths.dashboard,
  ...Object.values(dashboardPaths).map((section) => `${paths.dashboard}/${section}`),
  `${paths.dashboard}/${dashboardPaths.myProgs}/:id`,
];

/**
 * The site's routes (contracts/paths.ts); React Router matches them case-insensitively. The pages that talk to the API
 * through TanStack Query sit under QueryLayout; the others, the landing page first, load without it.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.homeAlias} element={<LandingPage />} />
        <Route path={paths.aboutUs} element={<AboutUsPage />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
        <Route path={paths.emailVerified} element={<EmailVerifiedPage />} />
        <Route element={<QueryLayout />}>
          <Route path={paths.verificationFailed} element={<VerificationFailedPage />} />
          <Route path={paths.signup} element={<SignupPage />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.loginAlias} element={<LoginPage />} />
          <Route path={paths.logout} element={<LogoutPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.createProfile} element={<CreateProfilePage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.stopReminders} element={<StopRemindersPage />} />
          <Route path={paths.certificate} element={<CertificatePage />} />
          <Route path={paths.changePassword} element={<ChangePasswordPage />} />
          {dashboardRoutes.map((path) => (
            <Route key={path} path={path} element={<DashboardRoute />} />
          ))}
          <Route path={paths.admin} element={<AdminPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
