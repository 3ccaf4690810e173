import { describe, expect, it } from 'vitest';
import { clientRoutes, findClientRoute, paths, routeKey } from './paths.js';

describe('client routes', () => {
  it('lists every route of the spec', () => {
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

  it('nests /DashPage/* and nothing else', () => {
    expect(findClientRoute('/DashPage/myprogs')?.path).toBe(paths.dashboard);
    expect(findClientRoute('/dashpage/changePassword')?.path).toBe(paths.dashboard);
    expect(findClientRoute('/AboutUs/more')).toBeUndefined();
    expect(findClientRoute('/students')).toBeUndefined();
  });

  it('prerenders the public pages', () => {
    for (const path of [paths.home, paths.aboutUs, paths.terms, paths.privacyPolicy]) {
      expect(findClientRoute(path)?.prerender).toBe(true);
    }
    expect(findClientRoute(paths.admin)?.prerender).toBe(false);
  });
});
