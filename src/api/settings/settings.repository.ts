import { DEFAULT_TIME_ZONE, TIME_ZONES, type TimeZone } from '../../contracts/dates.js';
import type { Db } from '../db/schema.js';

/** Where the course time zone setting is stored (SETTING_KEYS.timeZone). */
const TIME_ZONE_KEY = 'site.time_zone';

/**
 * The course's time zone as the settings hold it (the default when unset or not one of TIME_ZONES, as the settings
 * service decodes it), read through `db`: inside a transaction, which the settings service's cache can't join.
 */
export async function readTimeZone(db: Db): Promise<TimeZone> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', TIME_ZONE_KEY).executeTakeFirst();
  return row && (TIME_ZONES as readonly string[]).includes(row.value) ? row.value : DEFAULT_TIME_ZONE;
}

/** Every setting whose key starts with `prefix`, as stored text. */
export async function readSettings(db: Db, prefix: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${prefix}%`).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Stores each value under its key. */
export async function writeSettings(trx: Db, values: Map<string, string>): Promise<void> {
  for (const [key, value] of values) {
    await trx
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

/** Adds the settings not stored yet; one already there (another process's, or the teacher's) is kept. */
export async function insertMissingSettings(db: Db, values: Map<string, string>): Promise<void> {
  const present = await db
    .selectFrom('settings')
    .select('key')
    .where('key', 'in', [...values.keys()])
    .execute();
  const missing = [...values].filter(([key]) => !present.some((row) => row.key === key));
  if (missing.length === 0) return;
  await db
    .insertInto('settings')
    .values(missing.map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
