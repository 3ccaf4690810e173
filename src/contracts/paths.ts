/**
 * Every client route of the site, in one place. The web router, the prerender step
 * and the server's HTML fallback all read this table, so a route can't exist in one and not the others.
 */

export interface ClientRoute {
  path: string;
  title: string;
  /** Prerendered at build time: the page shows its content before any JavaScript runs. */
  prerender: boolean;
  description?: string;
}

export const paths = {
  home: '/',
  homeAlias: '/Home',
  admin: '/AdminPage',
  signup: '/StudentSignup',
  emailVerified: '/StudentEmailVerified',
  verificationFailed: '/VerificationFailed',
  login: '/StudentLogin',
  loginAlias: '/login',
  logout: '/StudentLogout',
  createProfile: '/CreateProfile',
  profile: '/Profile',
  aboutUs: '/AboutUs',
  terms: '/Terms',
  privacyPolicy: '/PrivacyPolicy',
  dashboard: '/DashPage',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword',
  changePassword: '/ChangePassword',
  stopReminders: '/StopReminders',
  /** A certificate's public page: /certificates/<code> (certificatePagePath in contracts/certificates). */
  certificate: '/certificates/:code',
} as const;

/** Nested dashboard routes, relative to /DashPage. */
export const dashboardPaths = {
  myClasses: 'myclasses',
  myTests: 'mytests',
  myProgs: 'myprogs',
  myDoubts: 'mydoubts',
  test: 'test',
  myPayment: 'mypayment',
  myFeedback: 'myfeedback',
  changePassword: 'changePassword',
  /** Not in the dashboard's menu: reached from the unread count beside the name and from the person menu. */
  notifications: 'notifications',
} as const;
export type DashboardSection = keyof typeof dashboardPaths;

/** What a /DashPage/… address opens: the overview, a section, or one program in the editor (myprogs/:id). */
export type DashboardMatch =
  { section: 'overview' } | { section: DashboardSection } | { section: 'program'; programId: string };

/**
 * The dashboard screen a path belongs to, matched case-insensitively (links use both /dashpage/myclasses
 * and /DashPage/mytests); undefined for any other path, /DashPage/nonsense included, which is a page not found.
 */
export function matchDashboardPath(pathname: string): DashboardMatch | undefined {
  const key = routeKey(pathname);
  const base = routeKey(paths.dashboard);
  if (key === base) return { section: 'overview' };
  if (!key.startsWith(`${base}/`)) return undefined;
  const rest = key.slice(base.length + 1);
  const section = (Object.keys(dashboardPaths) as DashboardSection[]).find(
    (name) => dashboardPaths[name].toLowerCase() === rest,
  );
  if (section) return { section };
  const program = new RegExp(`^${dashboardPaths.myProgs}/([^/]+)$`).exec(rest);
  return program ? { section: 'program', programId: program[1]! } : undefined;
}

const DEFAULT_DESCRIPTION =
  'Learn the C programming language in live online batches: beginner-friendly lessons, hands-on coding exercises, assessment tests and doubts clarified on the spot.';

export const clientRoutes: readonly ClientRoute[] = [
  { path: paths.home, title: 'Learn C Programming Online', prerender: true, description: DEFAULT_DESCRIPTION },
  { path: paths.homeAlias, title: 'Learn C Programming Online', prerender: true, description: DEFAULT_DESCRIPTION },
  { path: paths.aboutUs, title: 'About Us', prerender: true },
  { path: paths.terms, title: 'Terms', prerender: true },
  { path: paths.privacyPolicy, title: 'Privacy Policy', prerender: true },
  { path: paths.signup, title: 'Sign up', prerender: true },
  { path: paths.login, title: 'Login', prerender: true },
  { path: paths.loginAlias, title: 'Login', prerender: true },
  { path: paths.logout, title: 'Logout', prerender: true },
  { path: paths.forgotPassword, title: 'Forgot Password', prerender: true },
  { path: paths.resetPassword, title: 'Reset Password', prerender: true },
  { path: paths.emailVerified, title: 'Email Verified', prerender: true },
  { path: paths.verificationFailed, title: 'Email Verification Failed', prerender: true },
  { path: paths.createProfile, title: 'Create Profile', prerender: false },
  { path: paths.profile, title: 'Profile', prerender: false },
  { path: paths.changePassword, title: 'Change Password', prerender: false },
  { path: paths.dashboard, title: 'My Dashboard', prerender: false },
  { path: paths.admin, title: 'Admin Dashboard', prerender: false },
  { path: paths.stopReminders, title: 'Class Reminders', prerender: false },
  { path: paths.certificate, title: 'Certificate', prerender: false },
];

export const NOT_FOUND_TITLE = 'Page not found';

/** Lower-cased path without trailing slash: the key the case-insensitive routes match on. */
export function routeKey(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/').toLowerCase();
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/** The client route a browser path belongs to, matched case-insensitively; the dashboard's sections are nested. */
export function findClientRoute(pathname: string): ClientRoute | undefined {
  const key = routeKey(pathname);
  const exact = clientRoutes.find((route) => routeKey(route.path) === key);
  if (exact) return exact;
  if (matchDashboardPath(pathname)) return clientRoutes.find((route) => route.path === paths.dashboard);
  // One segment after /certificates/: the code (any text; the page says when no certificate has it).
  if (/^\/certificates\/[^/]+$/.test(key)) return clientRoutes.find((route) => route.path === paths.certificate);
  return undefined;
}

export function pageTitle(title: string): string {
  return `${title} | C Programming Learning Hub`;
}
