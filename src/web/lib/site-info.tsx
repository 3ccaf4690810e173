import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { DEFAULT_COURSE_FEE_PAISE } from '../../contracts/course';
import {
  DEFAULT_CONTACT_EMAIL,
  DEFAULT_SITE_CONTENT,
  type FaqEntry,
  SITE_INFO_ELEMENT_ID,
  type SiteInfo,
} from '../../contracts/site-info';

/** Used only where a page was served without the block (the Vite dev server's index.html). */
const FALLBACK: SiteInfo = {
  ...DEFAULT_SITE_CONTENT,
  courseFeePaise: DEFAULT_COURSE_FEE_PAISE,
  contactEmail: DEFAULT_CONTACT_EMAIL,
};

const SiteInfoContext = createContext<SiteInfo>(FALLBACK);

const isString = (value: unknown): value is string => typeof value === 'string';
const isFaq = (value: unknown): value is FaqEntry =>
  typeof value === 'object' &&
  value !== null &&
  isString((value as FaqEntry).question) &&
  isString((value as FaqEntry).answer);

/**
 * The embedded block, checked by hand, not with the zod schema: the landing page's bundle carries no zod. Anything
 * unexpected in it means the whole block is not trusted.
 */
export function parseSiteInfo(text: string): SiteInfo | undefined {
  let value: Partial<Record<keyof SiteInfo, unknown>>;
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return undefined;
  }
  const strings = [
    'contactEmail',
    'instructorName',
    'instructorBio',
    'profileUrl',
    'privacyOwnerName',
    'privacyAddress',
    'privacyEmail',
    'businessName',
    'timeZone',
  ] as const;
  const ok =
    typeof value === 'object' &&
    value !== null &&
    typeof value.courseFeePaise === 'number' &&
    strings.every((key) => isString(value[key])) &&
    (value.instructorPhotoUrl === null || isString(value.instructorPhotoUrl)) &&
    (value.nextBatchDate === null || isString(value.nextBatchDate)) &&
    (value.gstin === null || isString(value.gstin)) &&
    Array.isArray(value.faqs) &&
    value.faqs.every(isFaq);
  if (!ok) return undefined;
  const info = value as SiteInfo;
  return {
    contactEmail: info.contactEmail,
    courseFeePaise: info.courseFeePaise,
    instructorName: info.instructorName,
    instructorBio: info.instructorBio,
    instructorPhotoUrl: info.instructorPhotoUrl,
    profileUrl: info.profileUrl,
    privacyOwnerName: info.privacyOwnerName,
    privacyAddress: info.privacyAddress,
    privacyEmail: info.privacyEmail,
    businessName: info.businessName,
    gstin: info.gstin,
    nextBatchDate: info.nextBatchDate,
    faqs: info.faqs.map(({ question, answer }) => ({ question, answer })),
    timeZone: info.timeZone,
  };
}

/** The facts the server embedded in the page (contracts/site.ts): the same ones it rendered the page with. */
export function readEmbeddedSiteInfo(): SiteInfo {
  const text = document.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  return (text && parseSiteInfo(text)) || FALLBACK;
}

const SetTimeZoneContext = createContext<(zone: string) => void>(() => undefined);

/**
 * The site's facts for the pages under it. The course time zone, which every date printed needs, can change while
 * the page is open: the teacher's settings panel sets the one it saved, and the pages print in it from then on.
 */
export function SiteInfoProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  const [timeZone, setTimeZone] = useState(value.timeZone);
  const site = useMemo(() => (timeZone === value.timeZone ? value : { ...value, timeZone }), [value, timeZone]);
  return (
    <SiteInfoContext.Provider value={site}>
      <SetTimeZoneContext.Provider value={setTimeZone}>{children}</SetTimeZoneContext.Provider>
    </SiteInfoContext.Provider>
  );
}

export function useSiteInfo(): SiteInfo {
  return useContext(SiteInfoContext);
}

/** The course's time zone, for the dates a component prints (contracts/dates.ts takes it with each date). */
export function useTimeZone(): string {
  return useContext(SiteInfoContext).timeZone;
}

/** Changes the course time zone the pages print in (after the teacher saved another). */
export function useSetTimeZone(): (zone: string) => void {
  return useContext(SetTimeZoneContext);
}
