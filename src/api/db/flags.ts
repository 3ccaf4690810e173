import type { Selectable } from 'kysely';
import type { StudentFlag, StudentRow, StudentTable } from './schema.js';

/**
 * SQLite has no boolean type: flag columns are 0/1 integers on both databases (schema.ts `Flag`, the migrations
 * make them `integer`), and an EXISTS in a select list is 0/1 on SQLite but a boolean on PostgreSQL. Repositories
 * map them with these, so services see booleans whatever the database.
 */
type FlagValue = number | bigint | string | boolean | null | undefined;

/** A 0/1 flag (or a boolean, as PostgreSQL answers an EXISTS) as a boolean. */
export const isSet = (value: FlagValue): boolean => Number(value) === 1;

/** A boolean as the 0/1 a flag column stores. */
export const flag = (value: boolean): number => (value ? 1 : 0);

/**
 * The row with the named flag columns as booleans. It changes the row in place, for a row just read: copying one is
 * slow (SQLite's rows are dictionary-mode objects) and a gradebook reads thousands.
 */
export function withBooleans<R extends object, K extends keyof R>(
  row: R,
  keys: readonly K[],
): Omit<R, K> & { [P in K]: boolean } {
  const mapped = row as Record<PropertyKey, unknown>;
  for (const key of keys) mapped[key] = isSet(row[key] as FlagValue);
  return mapped as Omit<R, K> & { [P in K]: boolean };
}

const studentFlags = ['activated', 'reminders'] as const satisfies readonly StudentFlag[];

/** A student row as read, with its flags as booleans. */
export const toStudentRow = (row: Selectable<StudentTable>): StudentRow => withBooleans(row, studentFlags);

/** A student's values to write, with its flags (booleans) as 0/1. */
export function studentValues<T extends { [K in StudentFlag]?: boolean }>(
  values: T,
): Omit<T, StudentFlag> & { [K in StudentFlag]?: number } {
  const mapped: Record<string, unknown> = { ...values };
  for (const key of studentFlags) if (values[key] !== undefined) mapped[key] = flag(values[key]);
  return mapped as Omit<T, StudentFlag> & { [K in StudentFlag]?: number };
}
