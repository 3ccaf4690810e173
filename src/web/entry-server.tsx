import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Testimonial } from '../contracts/site';
import type { SiteInfo } from '../contracts/site-info';
import { AppRoutes } from './app/app-routes';
import { RenderedTestimonials } from './features/landing/get-testimonials';
import { SiteInfoProvider } from './lib/site-info';

/**
 * Renders one route to HTML with the running site's facts and the landing page's testimonials (see src/prerender),
 * waiting for its lazily loaded page.
 */
export async function render(url: string, site: SiteInfo, testimonials: Testimonial[]): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <SiteInfoProvider value={site}>
        <RenderedTestimonials value={testimonials}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </RenderedTestimonials>
      </SiteInfoProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
