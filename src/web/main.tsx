import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
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

// Prerendered pages are hydrated; the other routes start from an empty shell. Dates print in the zone the page was
// rendered with (the teacher's setting), which SiteInfoProvider hands to every component that prints one.
if (rootElement.dataset.prerendered === 'true') hydrateRoot(rootElement, app);
else createRoot(rootElement).render(app);
