/**
 * `npm run admin-password`: sets a new password for the teacher's account in the database of DATABASE_URL (or .env).
 * The password comes from ADMIN_PASSWORD, or is asked for on the terminal; ADMIN_EMAIL picks the account when there
 * are several admins. The site may keep running.
 */
import { createInterface } from 'node:readline/promises';
import { ConfigError, loadConfig } from '../config/env.js';
import { resetAdminPassword } from './admin-password.js';
import { openDatabase } from './database.js';

async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: false });
  try {
    return (await terminal.question(question)).trim();
  } finally {
    terminal.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const password =
    config.admin.password ?? (await ask('New admin password (8+ characters, a capital, a number, a symbol): '));
  const handle = openDatabase(config.databaseUrl);
  try {
    const { email } = await resetAdminPassword(handle.db, password, config.admin.email);
    console.log(`The password of ${email} is changed; its sessions have ended. Log in with the new password.`);
  } finally {
    await handle.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
