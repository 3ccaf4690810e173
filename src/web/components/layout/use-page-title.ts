import { useEffect } from 'react';
import { pageTitle } from '../../../contracts/paths';

/**
 * Sets the document title on navigation (the prerender step writes the same title into the HTML),
 * and marks the page interactive once its code has run: browser tests wait for `html[data-ready]`.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    document.documentElement.dataset.ready = 'true';
  }, [title]);
}
