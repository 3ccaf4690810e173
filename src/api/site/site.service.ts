import type { Kysely } from 'kysely';
import type { Health } from '../../contracts/site.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { SettingsService } from '../settings/settings.service.js';
import { pingDatabase } from './site.repository.js';

interface Deps {
  db: Kysely<Database>;
  dialect: DialectName;
  settings: SettingsService;
}

export function createSiteService({ db, dialect, settings }: Deps) {
  return {
    info: (): Promise<SiteInfo> => settings.current(),

    async health(): Promise<Health> {
      await pingDatabase(db);
      return { status: 'ok', database: dialect };
    },
  };
}
