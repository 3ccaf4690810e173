import { Route, Routes } from 'react-router';
import { paths } from '../../contracts/paths';
import { SiteLayout } from '../components/layout/site-layout';
import { EmailVerifiedPage } from '../features/auth/email-verified-page';
import { VerificationFailedPage } from '../features/auth/verification-failed-page';
import { LandingPage } from '../features/landing/landing-page';
import { AboutUsPage } from '../features/legal/about-us-page';
import { PrivacyPolicyPage } from '../features/legal/privacy-policy-page';
import { TermsPage } from '../features/legal/terms-page';
import { ComingSoonPage } from '../pages/coming-soon-page';
import { NotFoundPage } from '../pages/not-found-page';

/** Routes of the spec (section 2); React Router matches them case-insensitively. */
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
        <Route path={paths.verificationFailed} element={<VerificationFailedPage />} />
        <Route path={paths.signup} element={<ComingSoonPage title="Sign up" />} />
        <Route path={paths.login} element={<ComingSoonPage title="Login" />} />
        <Route path={paths.loginAlias} element={<ComingSoonPage title="Login" />} />
        <Route path={paths.logout} element={<ComingSoonPage title="Logout" />} />
        <Route path={paths.forgotPassword} element={<ComingSoonPage title="Forgot Password" />} />
        <Route path={paths.resetPassword} element={<ComingSoonPage title="Reset Password" />} />
        <Route path={paths.createProfile} element={<ComingSoonPage title="Profile" />} />
        <Route path={paths.profile} element={<ComingSoonPage title="Profile" />} />
        <Route path={paths.changePassword} element={<ComingSoonPage title="Change Password" />} />
        <Route path={`${paths.dashboard}/*`} element={<ComingSoonPage title="My Dashboard" />} />
        <Route path={paths.admin} element={<ComingSoonPage title="Admin Dashboard" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
