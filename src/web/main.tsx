import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setCourseTimeZone } from '../contracts/dates';
import { AppRoutes } from './app/app-routes';
import { readEmbeddedSiteInfo, SiteInfoProvider } from './lib/site-info';
import './styles/main.scss';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const site = readEmbeddedSiteInfo();
// Dates print in the zone the page was rendered with (the teacher's setting); the default zone costs no Intl call.
setCourseTimeZone(site.timeZone);

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
if (root.dataset.prerendered === 'true') hydrateRoot(root, app);
else createRoot(root).render(app);
