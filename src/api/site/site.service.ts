import type { Kysely } from 'kysely';
import type { Health } from '../../contracts/site.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import { type Config, siteInfoOf } from '../config/env.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { pingDatabase } from './site.repository.js';

interface Deps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
}

export function createSiteService({ db, dialect, config }: Deps) {
  return {
    info: (): SiteInfo => siteInfoOf(config),

    async health(): Promise<Health> {
      await pingDatabase(db);
      return { status: 'ok', database: dialect };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
