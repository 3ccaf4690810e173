/**
 * `npm run cluster`: a throwaway PostgreSQL, N site processes (3 by default) and nginx in front of them, all on
 * loopback ports: the production layout of OPERATIONS.md on one machine. Ctrl-C stops everything and removes the
 * database. The integration test and `npm run bench -- --cluster` start the same cluster through `startCluster`.
 * Options: --processes=N, --no-build.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nowMs } from '../src/contracts/clock.js';
import { freePort, startPgCluster } from '../test/pg-cluster.js';

export interface SiteProcess {
  port: number;
  child: ChildProcess;
  /** Starts a replacement on the same port (after a kill). */
  restart(): Promise<void>;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  processes: SiteProcess[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes?: number;
  env?: Record<string, string>;
  /** Where each process's output goes; ignored by default. */
  output?: 'inherit' | 'ignore';
}

export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const until = nowMs() + timeoutMs;
  while (nowMs() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  client_max_body_size 8m;
  upstream site {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that dies mid-request: safe requests go to the next one; others fail, and the client retries.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 3;
  const pg = await startPgCluster();
  const databaseUrl = pg.url('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'course-cluster-'));
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const processes: SiteProcess[] = [];

  const launch = (port: number): ChildProcess =>
    spawn(process.execPath, [resolve('dist/server/api/server.js')], {
      stdio: ['ignore', options.output ?? 'ignore', options.output ?? 'ignore'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        APP_URL: url,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'teacher@example.com',
        ADMIN_PASSWORD: 'Teacher#2026',
        GRADER_WORKERS: '1',
        ...options.env,
      },
    });

  // All at once, as a deployment would: the start-up lock lets exactly one of them migrate and seed.
  for (const port of ports) {
    const site: SiteProcess = {
      port,
      child: launch(port),
      async restart() {
        site.child = launch(port);
        await waitForHealth(`http://127.0.0.1:${port}/healthz`);
      },
    };
    processes.push(site);
  }
  await Promise.all(ports.map((port) => waitForHealth(`http://127.0.0.1:${port}/healthz`)));

  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, ports));
  const nginxBinary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const nginx = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`${url}/healthz`);

  return {
    url,
    databaseUrl,
    processes,
    async stop() {
      nginx.kill('SIGQUIT');
      await Promise.all(
        processes.map(
          (site) =>
            new Promise<void>((done) => {
              if (site.child.exitCode !== null || site.child.signalCode !== null) return done();
              site.child.once('exit', () => done());
              site.child.kill('SIGTERM');
            }),
        ),
      );
      pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const processes = Number(args.find((a) => a.startsWith('--processes='))?.split('=')[1] ?? 3);
  if (!args.includes('--no-build')) execSync('npm run -s build', { stdio: 'inherit' });
  const cluster = await startCluster({ processes, output: 'inherit' });
  console.log(
    `\n  Cluster running: ${cluster.url}/ (nginx) -> ${cluster.processes.map((p) => `127.0.0.1:${p.port}`).join(', ')}`,
  );
  console.log(`  Database: ${cluster.databaseUrl}`);
  console.log('  Admin: teacher@example.com / Teacher#2026. Ctrl-C stops everything.\n');
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
