import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from './database.js';
import { migrateToLatest, withStartupLock } from './migrate.js';

try {
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  const applied = await withStartupLock(handle.db, migrateToLatest);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  await handle.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
