import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../page-spinner';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** A header and a footer appear on every page; a page that fails to load or render shows a message between them. */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
