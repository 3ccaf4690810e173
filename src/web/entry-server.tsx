import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { Providers } from './app/providers';

/** Renders one route to HTML at build time (see src/prerender). */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
}
