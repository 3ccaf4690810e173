import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_COURSE_FEE_PAISE } from '../../contracts/course';
import { DEFAULT_CONTACT_EMAIL, SITE_INFO_ELEMENT_ID, type SiteInfo } from '../../contracts/site-info';

/** Used only where a page was served without the block (the Vite dev server's index.html). */
const FALLBACK: SiteInfo = { courseFeePaise: DEFAULT_COURSE_FEE_PAISE, contactEmail: DEFAULT_CONTACT_EMAIL };

const SiteInfoContext = createContext<SiteInfo>(FALLBACK);

/** The facts the server embedded in the page (contracts/site.ts): the same ones it rendered the page with. */
export function readEmbeddedSiteInfo(): SiteInfo {
  const text = document.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  if (!text) return FALLBACK;
  // Checked by hand, not with the zod schema: the landing page's bundle carries no zod.
  const value = JSON.parse(text) as Partial<SiteInfo>;
  return typeof value.courseFeePaise === 'number' && typeof value.contactEmail === 'string'
    ? { courseFeePaise: value.courseFeePaise, contactEmail: value.contactEmail }
    : FALLBACK;
}

export function SiteInfoProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteInfoContext.Provider value={value}>{children}</SiteInfoContext.Provider>;
}

export function useSiteInfo(): SiteInfo {
  return useContext(SiteInfoContext);
}
