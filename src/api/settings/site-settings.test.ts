import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDate } from '../../contracts/dates.js';
import { DEFAULT_SITE_CONTENT, paragraphsOf, spelledDate } from '../../contracts/site-info.js';
import { SETTING_NAMES } from '../../contracts/settings.js';
import {
  decodeSettings,
  defaultSettings,
  encodeSettings,
  SETTING_KEYS,
  settingsAtDefaults,
  toAdminSettings,
  toSiteInfo,
  withSaved,
} from './site-settings.js';

const defaults = defaultSettings({ courseFeePaise: 250000, contactEmail: 'help@course.example' });

describe('site settings as rows', () => {
  it('start in the zone dates.ts starts in (the browser loads dates.ts at start only for another zone)', () => {
    expect(DEFAULT_SITE_CONTENT.timeZone).toBe(DEFAULT_TIME_ZONE);
  });

  it('start from the configuration’s fee and contact address', () => {
    expect(defaults).toMatchObject({
      courseFeePaise: 250000,
      contactEmail: 'help@course.example',
      instructorPhoto: null,
    });
  });

  it('read back what was written, nulls and lists included', () => {
    const values = { ...defaults, nextBatchDate: '2027-01-04', instructorPhoto: `${'a'.repeat(32)}.webp`, faqs: [] };
    expect(decodeSettings(encodeSettings(values), defaults)).toEqual(values);
    const none = { ...defaults, nextBatchDate: null };
    expect(encodeSettings(none).get(SETTING_KEYS.nextBatchDate)).toBe('');
    expect(decodeSettings(encodeSettings(none), defaults).nextBatchDate).toBeNull();
  });

  it('take the default for a row missing or spoiled by hand', () => {
    const rows = new Map([
      [SETTING_KEYS.courseFeePaise, 'lots'],
      [SETTING_KEYS.faqs, '{not json'],
      [SETTING_KEYS.timeZone, 'Mars/Olympus'],
      [SETTING_KEYS.instructorName, ''],
    ]);
    expect(decodeSettings(rows, defaults)).toEqual(defaults);
    expect(decodeSettings(new Map([[SETTING_KEYS.faqs, '[{"question":1}]']]), defaults).faqs).toEqual(defaults.faqs);
  });

  it('turn the fee in rupees into paise and name the settings still at their defaults', () => {
    const saved = withSaved(defaults, {
      ...toAdminSettings(defaults, defaults).settings,
      courseFeeRupees: 3499,
      instructorName: 'Anita Menon',
      nextBatchDate: null,
      timeZone: 'Asia/Kolkata',
    });
    expect(saved.courseFeePaise).toBe(349900);
    expect(settingsAtDefaults(saved, defaults)).not.toContain('courseFeeRupees');
    expect(settingsAtDefaults(saved, defaults)).not.toContain('instructorName');
    expect(settingsAtDefaults(saved, defaults)).toContain('instructorPhoto');
    expect(settingsAtDefaults(defaults, defaults)).toHaveLength(SETTING_NAMES.length);
  });

  it('give the public the photo’s address, never its stored name alone', () => {
    const info = toSiteInfo({ ...defaults, instructorPhoto: `${'b'.repeat(32)}.webp` });
    expect(info.instructorPhotoUrl).toBe(`/uploads/photos/${'b'.repeat(32)}.webp`);
    expect(info).not.toHaveProperty('instructorPhoto');
  });
});

describe('landing page helpers', () => {
  it('split a biography into paragraphs at blank lines', () => {
    expect(paragraphsOf('One.\nStill one.\n\n  Two.  \n\n\n')).toEqual(['One.\nStill one.', 'Two.']);
  });

  it('print a date as formatDate does, without Intl', () => {
    expect(spelledDate('2027-01-04')).toBe('4 Jan 2027');
    expect(spelledDate('2026-12-31')).toBe('31 Dec 2026');
    expect(spelledDate('soon')).toBe('soon');
    for (const date of ['2027-01-04', '2027-09-30', '2028-02-29'])
      expect(spelledDate(date)).toBe(formatDate(date, DEFAULT_TIME_ZONE));
  });
});
