import { PeriodicJob } from './common/periodic-job.js';
import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { loggerOptions } from './http/logging.js';
import { type Config, ConfigError, defaultAppUrl, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest, withStartupLock } from './db/migrate.js';
import { seedIfEmpty } from './db/seed.js';
import { createSmtpTransport, MailWorker } from './mail/mail-worker.js';
import { photoStore } from './students/photo-store.js';

/** Starts the site: reads config, migrates, seeds an empty database, listens, shuts down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = loggerOptions(config.logLevel);
  const handle = openDatabase(config.databaseUrl, (error) => console.error(`database pool error: ${error.message}`));
  const { applied, seed } = await withStartupLock(handle.db, async (db) => ({
    applied: await migrateToLatest(db),
    seed: await seedIfEmpty(db, config),
  }));

  const app = await buildApp({
    config,
    db: handle.db,
    dialect: handle.dialect,
    distDir: resolve('dist'),
    logger,
    onMailQueued: () => worker.notify(),
  });
  const worker = new MailWorker({
    db: handle.db,
    log: app.log,
    from: config.mail.from,
    leaseMs: config.mail.leaseMs,
    attachments: app.mailAttachments,
    transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : undefined,
  });
  const reconciler = new PeriodicJob(
    'reconciliation',
    () => app.payments.reconcileDue(),
    app.log,
    (result) => (result.captured > 0 ? 'reconciliation found payments the site had missed' : undefined),
  );
  const reminders = new PeriodicJob(
    'class reminder',
    () => app.reminders.runOnce(),
    app.log,
    (result) => (result.queued > 0 || result.withdrawn > 0 ? 'class reminders' : undefined),
  );
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const orphans = await photoStore.removeOrphans(handle.db).catch((error: unknown) => {
    app.log.error({ err: error }, 'could not sweep unreferenced photos');
    return 0;
  });
  if (orphans > 0) app.log.info({ orphans }, 'removed photos no student names');
  if (seed.admin) printAdminAccount(seed.admin);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    await app.close();
    await worker.stop();
    await reconciler.stop();
    await reminders.stop();
    await handle.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  reconciler.start();
  reminders.start();
  // Loads Clang into the compile workers in the background, so the first student's Run doesn't wait for it.
  void app.grader.warmUp();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listening = defaultAppUrl(config.host, port);
  console.log(`\n  C Programming Learning Hub is running at ${listening}/`);
  if (config.appUrl !== listening) console.log(`  Public address (links in emails): ${config.appUrl}/`);
  console.log(`  Database: ${handle.dialect}${handle.dialect === 'sqlite' ? ` (${config.databaseUrl.slice(7)})` : ''}`);
  console.log(
    `  Mail: ${config.mail.smtpUrl ? 'SMTP' : 'kept in the outbox, read under Mail outbox on /AdminPage and printed to this log with links redacted (no SMTP_URL)'}`,
  );
  console.log(`  Payments: ${paymentsLine(config)}\n`);
  if (config.testGateway) {
    app.log.warn(
      'Payments go through the built-in TEST gateway: anyone can mark a payment as made. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take real payments.',
    );
  }
}

/** Which gateway takes payments, in words an operator can't miss. */
function paymentsLine(config: Config): string {
  if (config.testGateway)
    return 'built-in TEST gateway: any student can mark themselves paid (no RAZORPAY_KEY_ID); not for real payments';
  return config.razorpay.keyId?.startsWith('rzp_live_') ? 'Razorpay, live keys' : 'Razorpay, test keys (no real money)';
}

function printAdminAccount(admin: { email: string; password: string; generated: boolean }): void {
  const lines = [
    'Admin account created (shown once):',
    `  email:    ${admin.email}`,
    `  password: ${admin.generated ? admin.password : '(the ADMIN_PASSWORD you set)'}`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start failed: ${error.message}` : error);
  process.exit(1);
});
