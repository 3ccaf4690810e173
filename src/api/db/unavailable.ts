/**
 * True when an error means the database can't be reached right now (PostgreSQL down or restarting, connections
 * refused or cut, the pool timing out; SQLite locked past its busy timeout): the request gets 503, not 500, and
 * the same process serves again as soon as the database is back.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /connection error/i,
  /the database system is (starting up|shutting down)/i,
  /Client was closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
