// Starts the built site for the browser tests on a fresh SQLite database in .tmp/, with a real SMTP
// server on loopback that writes every message it receives to .tmp/e2e-data/mail.json.
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dir = '.tmp/e2e-data';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ to: mail.to?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
        // Written aside and renamed into place, so a test reading the file never sees half of it.
        writeFileSync(`${dir}/mail.json.tmp`, JSON.stringify(received, null, 2));
        renameSync(`${dir}/mail.json.tmp`, `${dir}/mail.json`);
        callback();
      })
      .catch(callback);
  },
});
const smtpPort = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
writeFileSync(`${dir}/mail.json`, '[]');

const child = spawn(process.execPath, ['dist/server/api/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${dir}/app.db`,
    UPLOAD_DIR: `${dir}/uploads`,
    ADMIN_EMAIL: 'teacher@example.com',
    ADMIN_PASSWORD: 'Teacher#2026',
    CONTACT_EMAIL: 'help@course.example',
    LOG_LEVEL: 'warn',
    APP_URL: `http://127.0.0.1:${process.env.PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  },
});
const stop = (signal) => {
  child.kill(signal);
  smtp.close();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
child.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
