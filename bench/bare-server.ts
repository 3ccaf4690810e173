/**
 * The fair limit of this machine for GET /courses/ as a signed-in student asks it: node:http doing only the work the
 * site's caches leave for that call. It finds the bearer token's live session by the token's hash with one prepared
 * statement on the same database as the site (SQLite: the site's driver, in-process; PostgreSQL: a named statement
 * through pg), then writes the answer the site precomputed, gzip when the client takes it. No framework, no
 * validation, no logging: the site's figure divided by this one is what its own per-request work costs.
 *
 * Arguments: the database (a SQLite file's path or a postgres:// URL), the port, and the path of the site's answer
 * without its extension (`<path>.json` and `<path>.json.gz`, as the site sent them).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { openSqliteFile } from '../src/api/db/sqlite-driver.js';

const [database, port, answerPath] = process.argv.slice(2) as [string, string, string];
const plain = readFileSync(`${answerPath}.json`);
const gzipped = readFileSync(`${answerPath}.json.gz`);
const SESSION_SQL =
  'select s.id from auth_sessions a join students s on s.id = a.student_id where a.token_hash = $1 and a.expires_at > $2';

type Lookup = (tokenHash: string, now: string) => Promise<boolean> | boolean;
let lookup: Lookup;
if (database.startsWith('postgres')) {
  const pool = new pg.Pool({ connectionString: database, max: 10 });
  lookup = async (tokenHash, now) =>
    (await pool.query({ name: 'session', text: SESSION_SQL, values: [tokenHash, now] })).rowCount === 1;
} else {
  const statement = openSqliteFile(database, { mustExist: true }).prepare(SESSION_SQL.replaceAll(/\$\d/g, '?'));
  lookup = (tokenHash, now) => statement.get([tokenHash, now]) !== undefined;
}

function refuse(response: ServerResponse): void {
  response.writeHead(401, { 'content-type': 'application/json; charset=utf-8' });
  response.end('{"errors":["Please log in"]}');
}

createServer((request, response) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return refuse(response);
  const tokenHash = createHash('sha256').update(header.slice(7)).digest('hex');
  void (async () => {
    if (!(await lookup(tokenHash, new Date().toISOString()))) return refuse(response);
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const body = gzip ? gzipped : plain;
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(body);
  })().catch(() => {
    response.writeHead(500);
    response.end();
  });
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
