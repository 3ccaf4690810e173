import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { readEmbeddedSiteInfo, SiteInfoProvider } from './lib/site-info';
import './styles/main.scss';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <SiteInfoProvider value={readEmbeddedSiteInfo()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SiteInfoProvider>
  </StrictMode>
);

// Prerendered pages are hydrated; the other routes start from an empty shell.
if (root.dataset.prerendered === 'true') hydrateRoot(root, app);
else createRoot(root).render(app);
