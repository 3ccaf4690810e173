import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { SiteInfo } from '../contracts/site-info';
import { AppRoutes } from './app/app-routes';
import { SiteInfoProvider } from './lib/site-info';

/** Renders one route to HTML with the running site's facts (see src/prerender), waiting for its lazily loaded page. */
export async function render(url: string, site: SiteInfo): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <SiteInfoProvider value={site}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </SiteInfoProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
