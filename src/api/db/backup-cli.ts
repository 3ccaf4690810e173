/** `npm run backup [-- --out=FILE]` and `npm run restore -- FILE`, for the database in DATABASE_URL (or .env). */
import { systemClock } from '../../contracts/clock.js';
import { ConfigError, loadConfig } from '../config/env.js';
import { backupDatabase, restoreDatabase } from './backup.js';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = systemClock().toISOString().replace(/[:.]/g, '-');
    const file =
      args.find((a) => a.startsWith('--out='))?.slice(6) ??
      `backups/course-${stamp}.${config.databaseUrl.startsWith('sqlite:') ? 'db' : 'dump'}`;
    await backupDatabase(config.databaseUrl, file);
    console.log(`Backup written: ${file}`);
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new Error('Usage: npm run restore -- <backup file> (stop the site first)');
    const migrated = await restoreDatabase(config.databaseUrl, file);
    const upgraded = migrated.length > 0 ? ` and brought up to this version (${migrated.length} migrations)` : '';
    console.log(`Restored ${file}${upgraded}. Start the site again.`);
  } else {
    throw new Error('Usage: backup-cli backup [--out=FILE] | restore FILE');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
