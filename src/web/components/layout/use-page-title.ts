import { useEffect } from 'react';
import { pageTitle } from '../../../contracts/paths';

/** Sets the document title on navigation; the prerender step writes the same title into the HTML. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
