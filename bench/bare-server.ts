/**
 * The limit of this machine for GET /courses/: node:http answering the same JSON from one prepared better-sqlite3
 * statement, with no framework, no authentication and no validation. The site's figures are compared with it.
 */
import { createServer } from 'node:http';
import SQLite from 'better-sqlite3';

const [path, port] = process.argv.slice(2);
const db = new SQLite(path!, { readonly: true });
const statement = db.prepare(
  'select id, session_number, session_date, topics, lesson_video from course_sessions order by session_number',
);
createServer((_request, response) => {
  const body = JSON.stringify(statement.all());
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
