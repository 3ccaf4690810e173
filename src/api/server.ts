import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { loggerOptions } from './http/logging.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest, withStartupLock } from './db/migrate.js';
import { seedIfEmpty } from './db/seed.js';
import { createSmtpTransport, MailWorker } from './mail/mail-worker.js';
import { PaymentReconciler } from './payments/payment-reconciler.js';

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
  const { applied, seed } = await withStartupLock(handle.db, async (db) => ({ applied: await migrateToLatest(db), seed: await seedIfEmpty(db, config) }));

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
    transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : undefined,
  });
  const reconciler = new PaymentReconciler(app.payments, app.log);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (seed.admin) printAdminAccount(seed.admin);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    await app.close();
    await worker.stop();
    await reconciler.stop();
    await handle.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  reconciler.start();
  // Loads Clang into the compile workers in the background, so the first student's Run doesn't wait for it.
  void app.grader.warmUp();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`\n  C Programming Learning Hub is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/`);
  console.log(`  Database: ${handle.dialect}${handle.dialect === 'sqlite' ? ` (${config.databaseUrl.slice(7)})` : ''}`);
  console.log(`  Mail: ${config.mail.smtpUrl ? 'SMTP' : 'kept in the outbox, read under Mail outbox on /AdminPage and printed to this log with links redacted (no SMTP_URL)'}`);
  console.log(`  Payments: ${config.razorpay.keyId ? 'Razorpay' : 'built-in test gateway (no Razorpay keys)'}\n`);
  if (!config.razorpay.keyId && config.env === 'production') {
    app.log.warn('No Razorpay keys: the built-in test gateway lets anyone mark a payment as made. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.');
  }
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
