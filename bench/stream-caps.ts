/**
 * The event stream caps under a flood: a second site process on the bench's database, its stream cap set as a
 * process with a small open-file limit would have it (MAX_EVENT_STREAMS), is flooded with notification streams, first
 * from one address (until the per-address cap answers 429), then from many (until the process's cap answers 503).
 * Meanwhile another student, from another address, loads the dashboard: its HTML and the three calls the page makes
 * first. The addresses are given as X-Forwarded-For, which the site believes from 127.0.0.1 (its proxy's address).
 */
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { startSite } from './site-server.js';

export interface StreamCapsResult {
  perAddressCap: number;
  /** The status of the first stream over the per-address cap. */
  overAddressStatus: number;
  processCap: number;
  overProcessStatus: number;
  /** Another student's dashboard load (HTML and its first calls), in ms, with one address at its cap. */
  pageAtAddressCap: number[];
  /** The same with the process at its cap. */
  pageAtProcessCap: number[];
  lines: string[];
}

/** Opens a stream from `address`; resolves with the answer's status (the socket kept open when it is 200). */
function openStream(base: string, token: string, address: string, agent: Agent, held: ClientRequest[]) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      new URL('/api/v1/notifications/stream', base),
      { agent, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } },
      (res) => {
        if (res.statusCode === 200) held.push(req);
        else res.resume();
        res.on('error', () => undefined);
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** What a signed-in student's dashboard asks for first, in order, as the browser would; the total in ms. */
async function loadDashboard(base: string, token: string, address: string): Promise<number> {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
  for (const path of ['/DashPage', '/students/profile', '/api/v1/me/home', '/api/v1/notifications/unread']) {
    const response = await fetch(new URL(path, base), { headers: path === '/DashPage' ? {} : headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status} with the streams open`);
    await response.arrayBuffer();
  }
  return performance.now() - started;
}

async function loads(base: string, token: string, address: string, count = 20): Promise<number[]> {
  const times = [];
  for (let i = 0; i < count; i += 1) times.push(await loadDashboard(base, token, address));
  return times.sort((a, b) => a - b);
}

const PROCESS_CAP = 300;

export async function benchStreamCaps(options: {
  databaseUrl: string;
  /** Signed-in students: the flood's accounts (five streams each at most) and, last, the one loading a page. */
  students: { id: number; token: string }[];
}): Promise<StreamCapsResult> {
  const { databaseUrl, students } = options;
  const site = await startSite({ databaseUrl, env: { MAX_EVENT_STREAMS: String(PROCESS_CAP) } });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const held: ClientRequest[] = [];
  const reader = students.at(-1)!;
  const flood = students.slice(0, -1);
  try {
    // One address, as many streams as it is allowed, one account at a time (each account may hold five).
    let perAddressCap = 0;
    let overAddressStatus = 0;
    for (const student of flood) {
      const status = await openStream(site.base, student.token, '198.51.100.1', agent, held);
      if (status !== 200) {
        overAddressStatus = status;
        break;
      }
      perAddressCap += 1;
    }
    const pageAtAddressCap = await loads(site.base, reader.token, '203.0.113.9');

    // Then many addresses (ten streams each) until the process is full.
    let processCap = held.length;
    let overProcessStatus = 0;
    for (let i = perAddressCap; i < flood.length && !overProcessStatus; i += 1) {
      const status = await openStream(site.base, flood[i]!.token, `198.51.101.${Math.floor(i / 10)}`, agent, held);
      if (status === 200) processCap += 1;
      else overProcessStatus = status;
    }
    const pageAtProcessCap = await loads(site.base, reader.token, '203.0.113.9');
    const summary = (times: number[]) =>
      `p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`;
    return {
      perAddressCap,
      overAddressStatus,
      processCap,
      overProcessStatus,
      pageAtAddressCap,
      pageAtProcessCap,
      lines: [
        `one address: ${perAddressCap} streams, then ${overAddressStatus}; another student's dashboard (HTML and its ` +
          `first 3 calls) ${summary(pageAtAddressCap)}`,
        `the process (MAX_EVENT_STREAMS=${PROCESS_CAP}): ${processCap} streams, then ${overProcessStatus}; the same ` +
          `dashboard ${summary(pageAtProcessCap)}`,
      ],
    };
  } finally {
    for (const req of held) req.destroy();
    agent.destroy();
    site.server.kill('SIGTERM');
  }
}
