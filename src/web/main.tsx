import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DEFAULT_SITE_CONTENT } from '../contracts/site-info';
import { AppRoutes } from './app/app-routes';
import { readEmbeddedSiteInfo, SiteInfoProvider } from './lib/site-info';
import './styles/main.scss';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const rootElement = root;

const site = readEmbeddedSiteInfo();

const app = (
  <StrictMode>
    <SiteInfoProvider value={site}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SiteInfoProvider>
  </StrictMode>
);

// Prerendered pages are hydrated; the other routes start from an empty shell.
function start() {
  if (rootElement.dataset.prerendered === 'true') hydrateRoot(rootElement, app);
  else createRoot(rootElement).render(app);
}

// Dates print in the zone the page was rendered with (the teacher's setting), set before anything renders. The
// course's own zone is the one dates.ts starts with: only another zone loads that module here, so the landing
// page's first script stays without it.
if (site.timeZone === DEFAULT_SITE_CONTENT.timeZone) start();
else
  void import('../contracts/dates')
    .then(({ setCourseTimeZone }) => setCourseTimeZone(site.timeZone))
    .catch(() => undefined)
    .finally(start);
