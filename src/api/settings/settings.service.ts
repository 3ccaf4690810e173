import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { isKnownTimeZone } from '../../contracts/dates.js';
import type { AdminSettings, SiteSettings } from '../../contracts/settings.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import { VersionedCache } from '../common/versioned-cache.js';
import type { Config } from '../config/env.js';
import type { Database } from '../db/schema.js';
import { PhotoProcessor, photoStore } from '../students/photo-store.js';
import { insertMissingSettings, readSettings, writeSettings } from './settings.repository.js';
import {
  decodeSettings,
  defaultSettings,
  encodeSettings,
  SETTING_KEYS,
  SETTINGS_PREFIX,
  type StoredSettings,
  toAdminSettings,
  DEFAULTS_KEPT_KEY,
  decodeKept,
  toSiteInfo,
  withSaved,
} from './site-settings.js';
import { transact } from '../db/after-commit.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'courseFeePaise' | 'contactEmail'>;
  log: FastifyBaseLogger;
  /** The time now (the app's clock). */
  clock?: Clock;
}

/** Called with the site's facts after they changed (the pages are rendered again with them). */
type ChangeListener = (site: SiteInfo) => Promise<void>;

/**
 * The teacher's site settings. Every read checks the settings' version row (one cheap query) and reads the rows
 * again only after a change, through whichever process it came. A change is applied here (the pages are rendered
 * again; the course time zone is checked, and read from here by whatever prints a date) before the saving request
 * answers; other processes apply it when their watch notices the version move.
 */
export function createSettingsService({ db, config, log, clock = systemClock }: Deps) {
  const defaults = defaultSettings(config);
  const cache = new VersionedCache<StoredSettings>(db, 'settings', 1);
  const processor = new PhotoProcessor();
  const listeners: ChangeListener[] = [];
  let applied = '';
  let applying: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  const stored = async (): Promise<StoredSettings> =>
    (await cache.get('site', async () => decodeSettings(await readSettings(db, SETTINGS_PREFIX), defaults))).value;

  /** Makes the site follow `site`, once per distinct value, one change at a time in the order asked. */
  function apply(site: SiteInfo): Promise<void> {
    applying = applying.then(async () => {
      const text = JSON.stringify(site);
      if (text === applied) return;
      let failed = false;
      if (!isKnownTimeZone(site.timeZone)) {
        failed = true;
        log.error({ zone: site.timeZone }, 'the course time zone setting names no zone this server knows');
      }
      for (const listener of listeners) {
        try {
          await listener(site);
        } catch (error) {
          failed = true;
          log.error({ err: error }, 'the site could not follow its changed settings');
        }
      }
      // Marked as applied only when it all went through, so the next look at the settings tries again.
      if (!failed) applied = text;
    });
    return applying;
  }

  /** The settings as the teacher's panel shows them, with the defaults they chose to keep. */
  async function adminView(): Promise<AdminSettings> {
    const kept = (await readSettings(db, DEFAULTS_KEPT_KEY)).get(DEFAULTS_KEPT_KEY);
    return toAdminSettings(await stored(), defaults, decodeKept(kept));
  }

  async function current(): Promise<SiteInfo> {
    return toSiteInfo(await stored());
  }

  /** Reads the settings now and applies them if they changed since they were last applied. */
  async function refresh(): Promise<void> {
    await apply(await current());
  }

  return {
    /** Fills in the settings a new site has not stored yet, from the built-in texts and the configuration. */
    async ensureDefaults(): Promise<void> {
      await insertMissingSettings(db, encodeSettings(defaults));
    },

    current,
    refresh,

    /** The course time zone as stored now (not as this process last applied it: another may have just changed it). */
    async timeZone(): Promise<string> {
      return (await current()).timeZone;
    },

    async feePaise(): Promise<number> {
      return (await stored()).courseFeePaise;
    },

    onChange(listener: ChangeListener): void {
      listeners.push(listener);
    },

    adminView,

    /** Keep these defaults: the settings at their first values now are not named on the dashboard again. */
    async keepDefaults(): Promise<AdminSettings> {
      const view = await adminView();
      await transact(db, (trx) => writeSettings(trx, new Map([[DEFAULTS_KEPT_KEY, JSON.stringify(view.defaults)]])));
      return adminView();
    },

    async save(input: SiteSettings): Promise<AdminSettings> {
      const before = await stored();
      const after = withSaved(before, input);
      const rows = encodeSettings(after);
      const old = encodeSettings(before);
      const changed = new Map([...rows].filter(([key, value]) => old.get(key) !== value));
      // The photo has its own call: a save never writes it back (it may have been replaced meanwhile).
      changed.delete(SETTING_KEYS.instructorPhoto);
      if (changed.size > 0) await transact(db, (trx) => writeSettings(trx, changed));
      await refresh();
      return adminView();
    },

    /** Checks and shrinks the photo as a profile photo, stores it, and forgets the one it replaces. */
    async savePhoto(upload: Buffer): Promise<AdminSettings> {
      const photo = await processor.process(upload);
      await transact(db, async (trx) => {
        const old = (await readSettings(trx, SETTING_KEYS.instructorPhoto)).get(SETTING_KEYS.instructorPhoto);
        const name = await photoStore.save(trx, photo, clock());
        await writeSettings(trx, new Map([[SETTING_KEYS.instructorPhoto, name]]));
        if (old) await photoStore.remove(trx, old);
      });
      await refresh();
      return adminView();
    },

    async removePhoto(): Promise<AdminSettings> {
      await transact(db, async (trx) => {
        const old = (await readSettings(trx, SETTING_KEYS.instructorPhoto)).get(SETTING_KEYS.instructorPhoto);
        if (!old) return;
        await writeSettings(trx, new Map([[SETTING_KEYS.instructorPhoto, '']]));
        await photoStore.remove(trx, old);
      });
      await refresh();
      return adminView();
    },

    /** Notices changes made through other processes: a look at the version row every `intervalMs`. */
    watch(intervalMs: number): void {
      timer = setInterval(() => {
        if (polling) return;
        polling = refresh()
          .catch((error: unknown) => log.warn({ err: error }, 'could not check the site settings for a change'))
          .finally(() => {
            polling = undefined;
          });
      }, intervalMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await polling;
      await applying;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
