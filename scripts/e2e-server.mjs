// Starts the built site for the browser tests on a fresh SQLite database in .tmp/.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

const dir = '.tmp/e2e-data';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
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
    LOG_LEVEL: 'warn',
    APP_URL: `http://127.0.0.1:${process.env.PORT}`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
