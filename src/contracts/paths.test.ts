import { describe, expect, it } from 'vitest';
import { clientRoutes, findClientRoute, matchDashboardPath, paths, routeKey } from './paths.js';

describe('client routes', () => {
  it('lists every route of the site', () => {
    const listed = clientRoutes.map((route) => route.path);
    for (const path of [
      '/',
      '/AdminPage',
      '/StudentSignup',
      '/StudentEmailVerified',
      '/VerificationFailed',
      '/StudentLogin',
      '/login',
      '/StudentLogout',
      '/CreateProfile',
      '/Profile',
      '/AboutUs',
      '/Terms',
      '/PrivacyPolicy',
      '/DashPage',
      '/ForgotPassword',
      '/ResetPassword',
      '/ChangePassword',
    ]) {
      expect(listed).toContain(path);
    }
  });

  it('matches case-insensitively, ignoring a trailing or doubled slash', () => {
    expect(findClientRoute('/dashpage')?.path).toBe(paths.dashboard);
    expect(findClientRoute('/ABOUTUS/')?.path).toBe(paths.aboutUs);
    expect(findClientRoute('//Terms')?.path).toBe(paths.terms);
    expect(routeKey('/StudentLogin/')).toBe('/studentlogin');
  });

  it("nests the dashboard's sections and nothing else", () => {
    expect(findClientRoute('/DashPage/myprogs')?.path).toBe(paths.dashboard);
    expect(findClientRoute('/dashpage/changePassword')?.path).toBe(paths.dashboard);
    expect(findClientRoute('/DashPage/myprogs/12')?.path).toBe(paths.dashboard);
    expect(findClientRoute('/dashpage/nonsense')).toBeUndefined();
    expect(findClientRoute('/DashPage/myclasses/more')).toBeUndefined();
    expect(findClientRoute('/AboutUs/more')).toBeUndefined();
    expect(findClientRoute('/students')).toBeUndefined();
  });

  it('matches a certificate page by its code, one segment only', () => {
    expect(findClientRoute('/certificates/K7QM-2XRT-9VDA')?.path).toBe(paths.certificate);
    expect(findClientRoute('/Certificates/k7qm2xrt9vda/')?.path).toBe(paths.certificate);
    expect(findClientRoute('/certificates')).toBeUndefined();
    expect(findClientRoute('/certificates/K7QM/more')).toBeUndefined();
    expect(findClientRoute(paths.certificate)?.prerender).toBe(false);
  });

  it('matches dashboard sections whatever their case', () => {
    expect(matchDashboardPath('/DashPage')).toEqual({ section: 'overview' });
    expect(matchDashboardPath('/dashpage/')).toEqual({ section: 'overview' });
    expect(matchDashboardPath('/dashpage/myclasses')).toEqual({ section: 'myClasses' });
    expect(matchDashboardPath('/DashPage/MYTESTS')).toEqual({ section: 'myTests' });
    expect(matchDashboardPath('/dashpage/changepassword')).toEqual({ section: 'changePassword' });
    expect(matchDashboardPath('/DashPage/myprogs/7')).toEqual({ section: 'program', programId: '7' });
    expect(matchDashboardPath('/DashPage/nonsense')).toBeUndefined();
    expect(matchDashboardPath('/DashPageX')).toBeUndefined();
  });

  it('prerenders the public pages', () => {
    for (const path of [paths.home, paths.aboutUs, paths.terms, paths.privacyPolicy]) {
      expect(findClientRoute(path)?.prerender).toBe(true);
    }
    expect(findClientRoute(paths.admin)?.prerender).toBe(false);
  });
});
