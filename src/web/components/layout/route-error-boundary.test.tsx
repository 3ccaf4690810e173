import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isChunkLoadError, RouteErrorBoundary, RouteErrorMessage } from './route-error-boundary';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a page's code that could not be downloaded", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://example.org/assets/about-us-page-x1.js', // Chromium
      'error loading dynamically imported module: https://example.org/assets/about-us-page-x1.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /assets/admin-page-x1.css', // Vite's preload helper
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
  });

  it('takes any other error for a failed page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of null (reading 'batch_number')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('RouteErrorMessage', () => {
  it('says the site was updated when the page could not be downloaded, with a button that reloads', () => {
    const html = renderToString(<RouteErrorMessage error={new TypeError('Importing a module script failed.')} />);
    expect(html).toContain('<h1 class="h2">Something went wrong</h1>');
    expect(html).toContain('the site has been updated since you opened it');
    expect(html).toContain('Reload the page</button>');
  });

  it('says the page could not be shown for any other error', () => {
    const html = renderToString(<RouteErrorMessage error={new Error('boom')} />);
    expect(html).toContain('This page could not be shown. Reloading the page may help');
    expect(html).not.toContain('updated');
  });
});

describe('RouteErrorBoundary', () => {
  it('shows its page while nothing failed', () => {
    expect(renderToString(<RouteErrorBoundary resetKey="/AboutUs">page</RouteErrorBoundary>)).toBe('page');
  });

  it('keeps an error for its address and clears it when the address changes', () => {
    const failed = { key: '/AboutUs', failed: true, error: new Error('boom') };
    expect(RouteErrorBoundary.getDerivedStateFromError(failed.error)).toEqual({ failed: true, error: failed.error });
    expect(RouteErrorBoundary.getDerivedStateFromProps({ resetKey: '/AboutUs', children: null }, failed)).toBeNull();
    expect(RouteErrorBoundary.getDerivedStateFromProps({ resetKey: '/', children: null }, failed)).toEqual({
      key: '/',
      failed: false,
      error: null,
    });
  });
});
