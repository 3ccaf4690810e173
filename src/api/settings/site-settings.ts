/**
 * The site settings as rows of `settings` (one key each, text values) and back, their first-start defaults, and
 * which of them still hold those defaults. Pure: the service reads and writes the rows.
 */
import { TIME_ZONES } from '../../contracts/dates.js';
import { type AdminSettings, SETTING_NAMES, type SettingName, type SiteSettings } from '../../contracts/settings.js';
import { DEFAULT_SITE_CONTENT, type FaqEntry, type SiteInfo } from '../../contracts/site-info.js';
import type { Config } from '../config/env.js';
import { studentPhotoUrl } from '../students/student-photo.js';

/** What is stored: SiteInfo with the photo's stored file name in place of its address. */
export interface StoredSettings extends Omit<SiteInfo, 'instructorPhotoUrl'> {
  instructorPhoto: string | null;
}

export const SETTINGS_PREFIX = 'site.';

/** The row key of each setting. */
export const SETTING_KEYS: Record<keyof StoredSettings, string> = {
  instructorName: 'site.instructor_name',
  instructorBio: 'site.instructor_bio',
  instructorPhoto: 'site.instructor_photo',
  profileUrl: 'site.profile_url',
  contactEmail: 'site.contact_email',
  privacyOwnerName: 'site.privacy_owner_name',
  privacyAddress: 'site.privacy_address',
  privacyEmail: 'site.privacy_email',
  businessName: 'site.business_name',
  gstin: 'site.gstin',
  courseFeePaise: 'site.course_fee_paise',
  nextBatchDate: 'site.next_batch_date',
  faqs: 'site.faqs',
  timeZone: 'site.time_zone',
};

const FIELDS = Object.keys(SETTING_KEYS) as (keyof StoredSettings)[];

/** The values a new site starts with: the built-in texts, and the fee and contact address of the configuration. */
export function defaultSettings(config: Pick<Config, 'courseFeePaise' | 'contactEmail'>): StoredSettings {
  const { instructorPhotoUrl: _none, ...content } = DEFAULT_SITE_CONTENT;
  return {
    ...content,
    faqs: content.faqs.map((faq) => ({ ...faq })),
    instructorPhoto: null,
    contactEmail: config.contactEmail,
    courseFeePaise: config.courseFeePaise,
  };
}

function encodeValue(field: keyof StoredSettings, value: StoredSettings[keyof StoredSettings]): string {
  if (field === 'faqs') return JSON.stringify(value);
  if (value === null) return '';
  return String(value);
}

export function encodeSettings(values: StoredSettings): Map<string, string> {
  return new Map(FIELDS.map((field) => [SETTING_KEYS[field], encodeValue(field, values[field])]));
}

function isFaqList(value: unknown): value is FaqEntry[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as FaqEntry).question === 'string' &&
        typeof (entry as FaqEntry).answer === 'string',
    )
  );
}

/** The rows read back; a row missing or unreadable (edited by hand) counts as its default. */
export function decodeSettings(rows: Map<string, string>, defaults: StoredSettings): StoredSettings {
  const values: StoredSettings = { ...defaults };
  const text = (field: keyof StoredSettings) => rows.get(SETTING_KEYS[field]);
  for (const field of [
    'instructorName',
    'instructorBio',
    'profileUrl',
    'contactEmail',
    'privacyOwnerName',
    'privacyAddress',
    'privacyEmail',
    'businessName',
  ] as const) {
    const value = text(field);
    if (value) values[field] = value;
  }
  const gstin = text('gstin');
  if (gstin !== undefined) values.gstin = gstin === '' ? null : gstin;
  const photo = text('instructorPhoto');
  if (photo !== undefined) values.instructorPhoto = photo === '' ? null : photo;
  const date = text('nextBatchDate');
  if (date !== undefined) values.nextBatchDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  const fee = Number(text('courseFeePaise'));
  if (Number.isSafeInteger(fee) && fee > 0) values.courseFeePaise = fee;
  const zone = text('timeZone');
  if (zone && (TIME_ZONES as readonly string[]).includes(zone)) values.timeZone = zone;
  const faqs = text('faqs');
  if (faqs !== undefined) {
    try {
      const parsed: unknown = JSON.parse(faqs);
      if (isFaqList(parsed)) values.faqs = parsed.map(({ question, answer }) => ({ question, answer }));
    } catch {
      // unreadable: the default stands
    }
  }
  return values;
}

/** The stored values with what the teacher saved in Site Settings (the photo is saved on its own). */
export function withSaved(values: StoredSettings, saved: SiteSettings): StoredSettings {
  const { courseFeeRupees, ...rest } = saved;
  return { ...values, ...rest, courseFeePaise: Math.round(courseFeeRupees * 100) };
}

export function toSiteInfo(values: StoredSettings): SiteInfo {
  const { instructorPhoto, ...rest } = values;
  return { ...rest, instructorPhotoUrl: studentPhotoUrl(instructorPhoto) };
}

/** The settings that still hold their first-start value, in the order the panel shows them. */
export function settingsAtDefaults(values: StoredSettings, defaults: StoredSettings): SettingName[] {
  const same = (field: keyof StoredSettings) => JSON.stringify(values[field]) === JSON.stringify(defaults[field]);
  const names: [SettingName, keyof StoredSettings][] = [
    ['instructorName', 'instructorName'],
    ['instructorPhoto', 'instructorPhoto'],
    ['instructorBio', 'instructorBio'],
    ['profileUrl', 'profileUrl'],
    ['contactEmail', 'contactEmail'],
    ['privacyOwnerName', 'privacyOwnerName'],
    ['privacyAddress', 'privacyAddress'],
    ['privacyEmail', 'privacyEmail'],
    ['businessName', 'businessName'],
    ['gstin', 'gstin'],
    ['courseFeeRupees', 'courseFeePaise'],
    ['nextBatchDate', 'nextBatchDate'],
    ['faqs', 'faqs'],
    ['timeZone', 'timeZone'],
  ];
  return names.filter(([, field]) => same(field)).map(([name]) => name);
}

export function toAdminSettings(
  values: StoredSettings,
  defaults: StoredSettings,
  kept: SettingName[] = [],
): AdminSettings {
  const { instructorPhoto, courseFeePaise, ...rest } = values;
  return {
    settings: { ...rest, courseFeeRupees: courseFeePaise / 100 },
    instructorPhotoUrl: studentPhotoUrl(instructorPhoto),
    defaults: settingsAtDefaults(values, defaults),
    defaults_kept: kept,
  };
}

/** The row of the defaults the teacher kept: not a site setting (no page shows it), so not under `site.`. */
export const DEFAULTS_KEPT_KEY = 'admin.defaults_kept';

/** The names stored by Keep these defaults; anything unreadable (edited by hand) is none. */
export function decodeKept(text: string | undefined): SettingName[] {
  try {
    const list: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(list) ? list.filter((name): name is SettingName => SETTING_NAMES.includes(name)) : [];
  } catch {
    return [];
  }
}
