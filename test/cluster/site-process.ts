import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { waitForHealth } from '../../scripts/cluster.js';
import { freePort } from '../pg-cluster.js';

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  kill(signal: NodeJS.Signals): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The built production server as its own process (dist/server/api/server.js), on a free loopback port. */
export async function startSite(env: Record<string, string>): Promise<SiteProcess> {
  const port = await freePort();
  const launch = () =>
    spawn(process.execPath, [resolve('dist/server/api/server.js')], {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        GRADER_WORKERS: '1',
        ...env,
      },
    });
  const url = `http://127.0.0.1:${port}`;
  const exited = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
    });
  const site: SiteProcess = {
    url,
    child: launch(),
    async kill(signal) {
      const gone = exited(site.child);
      site.child.kill(signal);
      await gone;
    },
    async restart() {
      site.child = launch();
      await waitForHealth(`${url}/healthz`);
    },
    async stop() {
      await site.kill('SIGTERM');
    },
  };
  await waitForHealth(`${url}/healthz`);
  return site;
}
