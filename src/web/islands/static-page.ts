/**
 * The only script of the static content pages (src/prerender/render-pages.ts): no React. It loads the full
 * stylesheet (the page's own rules are inline), drives the header's two <details> menus as the React header does
 * (lib/disclosure.ts), shows the signed-in state kept in local storage (auth-storage.ts) and fetches the single-page
 * app's chunks ahead when the visitor heads for a link or the browser is idle, so the next page starts from cache.
 */
import { dashboardPaths, paths } from '../../contracts/paths';
import { readRole, readSessionToken } from '../lib/auth-storage';
import { attachDisclosure, type DisclosureOptions } from '../lib/disclosure';
import { accountMenuName, badgeText, notificationsName } from '../lib/unread-text';
import { apiPaths } from '../../contracts/api-paths';

interface StaticPageData {
  stylesheet: string;
  spa: string[];
}

const data = JSON.parse(document.getElementById('static-page')?.textContent ?? '{}') as StaticPageData;

function addLink(rel: string, href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (rel === 'modulepreload') link.crossOrigin = '';
  document.head.append(link);
}

/** Once the page has loaded and painted: what starts then can't hold its first paint. */
const painted = new Promise<void>((resolve) => {
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
  try {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    resolve();
  }
});
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
function afterPaint(run: () => void): void {
  void Promise.all([painted, loaded]).then(() => setTimeout(run));
}

// The page's own rules are inline; the rest (other pages' rules, states the markup doesn't have yet) can wait.
afterPaint(() => {
  if (data.stylesheet) addLink('stylesheet', data.stylesheet);
});

/** Mirrors a <details>'s state into the classes the React header sets (Bootstrap's `show`, the tests' hooks). */
function drive(details: HTMLDetailsElement | null, options: DisclosureOptions, onToggle: (open: boolean) => void) {
  if (!details) return;
  details.addEventListener('toggle', () => onToggle(details.open));
  attachDisclosure(details, options);
}

const navToggle = document.querySelector<HTMLDetailsElement>('details.navbar-toggle');
const siteNav = document.getElementById('site-nav');
drive(navToggle, { within: siteNav ?? undefined }, (open) => {
  siteNav?.classList.toggle('show', open);
  navToggle?.querySelector('summary')?.classList.toggle('collapsed', !open);
});
const accountMenu = document.querySelector('.account-menu');
const menuList = document.getElementById('account-menu-items');
drive(
  accountMenu?.querySelector('details') ?? null,
  { within: accountMenu ?? undefined, menu: true, items: '.dropdown-item' },
  (open) => menuList?.classList.toggle('show', open),
);

function badge(count: number): HTMLSpanElement {
  const pill = document.createElement('span');
  pill.className = 'badge rounded-pill text-bg-danger unread-badge';
  pill.setAttribute('aria-hidden', 'true');
  pill.textContent = badgeText(count);
  return pill;
}

/** What the React header shows a signed-in person: Logout, their dashboard, Notifications with the unread count. */
async function showSignedIn(token: string): Promise<void> {
  for (const login of document.querySelectorAll<HTMLAnchorElement>(`header a[href="${paths.login}"]`)) {
    login.href = paths.logout;
    login.textContent = 'Logout';
  }
  const isAdmin = readRole() === 'admin';
  const dashboard = menuList?.querySelector<HTMLAnchorElement>(`a[href="${paths.dashboard}"]`);
  if (dashboard && isAdmin) dashboard.href = paths.admin;
  const item = document.createElement('li');
  const notifications = document.createElement('a');
  notifications.className = 'dropdown-item d-flex justify-content-between align-items-center gap-2';
  notifications.href = isAdmin ? `${paths.admin}#notifications` : `${paths.dashboard}/${dashboardPaths.notifications}`;
  notifications.textContent = 'Notifications';
  notifications.setAttribute('aria-label', notificationsName(null));
  item.append(notifications);
  dashboard?.parentElement?.after(item);

  const response = await fetch(apiPaths.unreadNotifications, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) return;
  const { unread } = (await response.json()) as { unread?: unknown };
  if (typeof unread !== 'number' || unread <= 0) return;
  notifications.setAttribute('aria-label', notificationsName(unread));
  notifications.append(badge(unread));
  const summary = accountMenu?.querySelector('summary');
  const name = summary?.querySelector('.visually-hidden');
  if (name) name.textContent = accountMenuName(unread);
  summary?.append(badge(unread));
}

const token = readSessionToken();
if (token) void showSignedIn(token).catch(() => undefined);

let preloaded = false;
/** Fetches the app's entry chunk and its imports into the cache, once; they run only on the next page. */
function preloadApp(): void {
  if (preloaded) return;
  preloaded = true;
  for (const url of data.spa ?? []) addLink('modulepreload', url);
}
const towardLink = (event: Event) => {
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  if (link) preloadApp();
};
for (const type of ['pointerover', 'focusin', 'touchstart']) {
  document.addEventListener(type, towardLink, { passive: true });
}
afterPaint(() => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(preloadApp);
  else setTimeout(preloadApp, 1000);
});

// Browser tests wait for this before using the menus (the app's pages set it once rendered).
document.documentElement.dataset.ready = 'true';
