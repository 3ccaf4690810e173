import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copySqliteDatabase, openSqliteFile } from './sqlite-driver.js';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-driver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite driver', () => {
  it('gives rows of their columns only, and bytes as Buffers however they are read', () => {
    const db = openSqliteFile(':memory:');
    db.exec('create table files (name text primary key, content blob not null, size integer)');
    db.prepare('insert into files values (?, ?, ?)').run(['a.png', Buffer.from([1, 2, 3]), 3]);
    const row = db.prepare<{ name: string; content: Buffer; size: number }>('select * from files').get([]);
    expect(row).toEqual({ name: 'a.png', content: Buffer.from([1, 2, 3]), size: 3 });
    expect(Object.keys(row ?? {})).toEqual(['name', 'content', 'size']);
    const [listed] = db.prepare<{ content: unknown }>('select content from files').all([]);
    expect(Buffer.isBuffer(listed?.content)).toBe(true);
    const [iterated] = [...db.prepare<{ content: unknown }>('select content from files').iterate([])];
    expect(Buffer.isBuffer(iterated?.content)).toBe(true);
    expect(db.prepare('select * from files where name = ?').get(['b.png'])).toBeUndefined();
    db.close();
  });

  it('tells whether a transaction is open, and which statements read rows', () => {
    const db = openSqliteFile(':memory:');
    db.exec('create table t (x integer)');
    expect(db.prepare('select x from t').reader).toBe(true);
    expect(db.prepare('insert into t values (1)').reader).toBe(false);
    expect(db.inTransaction).toBe(false);
    db.exec('begin');
    expect(db.inTransaction).toBe(true);
    db.exec('commit');
    expect(db.prepare('insert into t values (?)').run([2])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
    db.close();
  });

  it('runs the full-text trigram search the student lists use', () => {
    const db = openSqliteFile(':memory:');
    db.exec("create virtual table search using fts5(text, tokenize = 'trigram')");
    db.prepare('insert into search values (?)').run(['Priya Raman priya@example.com']);
    expect(db.prepare('select text from search where search match ?').all(['rama'])).toHaveLength(1);
    db.close();
  });

  it('copies a database in WAL mode with the changes not yet checkpointed, and replaces an older copy', () => {
    const path = join(dir, 'site.db');
    const db = openSqliteFile(path);
    db.pragma('journal_mode = WAL');
    db.exec('create table t (x integer)');
    const insert = db.prepare('insert into t values (?)');
    for (let x = 0; x < 100; x++) insert.run([x]);
    const target = join(dir, 'copy.db');
    copySqliteDatabase(path, target);
    insert.run([100]);
    copySqliteDatabase(path, target);
    const copy = openSqliteFile(target, { mustExist: true });
    expect(copy.prepare('select count(*) as n from t').get([])).toEqual({ n: 101 });
    expect(existsSync(`${target}.partial`)).toBe(false);
    copy.close();
    db.close();
  });

  it('refuses to copy a database that does not exist rather than make an empty one', () => {
    const missing = join(dir, 'missing.db');
    expect(() => copySqliteDatabase(missing, join(dir, 'x.db'))).toThrow(`No SQLite database at ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });
});
