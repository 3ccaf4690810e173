/**
 * Profile photos cost bounded memory and storage: a photo with more pixels than a profile photo needs is refused
 * from its header, before anything is decoded; an account changes its photo at most PHOTO_UPLOADS_PER_HOUR times an
 * hour; the photo and the row that names it are saved together; photos no one names are swept.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent } from '../../../test/accounts-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { PHOTO_UPLOADS_PER_HOUR } from '../../contracts/accounts.js';
import { messages } from '../../contracts/messages.js';
import { photoStore } from './photo-store.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { ipRateLimits: { login: 1000, signup: 1000, email: 1000 } });
});
afterAll(() => ctx.close());

const fields = { mobile: '9876543210', city: 'Kochi', country: 'India', study: 'B.Tech', institution: 'CET' };

function upload(student: { id: number; token: string }, photo: Buffer) {
  const body = multipart(fields, [{ name: 'image', filename: 'me.png', type: 'image/png', data: photo }]);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/students/${student.id}`,
    headers: { ...bearer(student.token), ...body.headers },
    payload: body.payload,
  });
}

const storedFiles = async () =>
  (await ctx.database.db.selectFrom('stored_files').select('name').execute()).map((r) => r.name).sort();

describe('photo uploads have bounded memory', () => {
  it('refuses a 39000 x 1000 pixel PNG (150 KB on the wire) from its header, storing nothing', async () => {
    const bomb = await sharp({ create: { width: 39_000, height: 1000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const student = await verifiedStudent(ctx);
    const before = await storedFiles();
    const response = await upload(student, bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([messages.photoTooManyPixels]);
    expect(await storedFiles()).toEqual(before);
  });

  it(`lets an account change its photo ${PHOTO_UPLOADS_PER_HOUR} times an hour, then answers 429 and keeps the last photo`, async () => {
    const student = await verifiedStudent(ctx);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    for (let i = 0; i < PHOTO_UPLOADS_PER_HOUR; i += 1) expect((await upload(student, photo)).statusCode).toBe(200);
    const kept = (
      await ctx.database.db
        .selectFrom('students')
        .select('image_path')
        .where('id', '=', student.id)
        .executeTakeFirstOrThrow()
    ).image_path;
    const refused = await upload(student, photo);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toEqual([messages.photoUploadsPerHour]);
    expect(
      (
        await ctx.database.db
          .selectFrom('students')
          .select('image_path')
          .where('id', '=', student.id)
          .executeTakeFirstOrThrow()
      ).image_path,
    ).toBe(kept);
    // Saving the profile without a photo still works.
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/students/${student.id}`,
          headers: bearer(student.token),
          payload: fields,
        })
      ).statusCode,
    ).toBe(200);
    // Each change replaced the old photo in the same transaction: one stored photo, the one the student names.
    const mine = await ctx.database.db.selectFrom('stored_files').select('name').where('name', '=', kept!).execute();
    expect(mine).toHaveLength(1);
  });

  it('sweeps stored photos no student names once they are older than a save in flight', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const orphan = 'a'.repeat(32) + '.webp';
    const young = 'b'.repeat(32) + '.webp';
    await db
      .insertInto('stored_files')
      .values({ name: orphan, content_type: 'image/webp', content: Buffer.from('x'), size: 1, created_at: old })
      .execute();
    await db
      .insertInto('stored_files')
      .values({
        name: young,
        content_type: 'image/webp',
        content: Buffer.from('x'),
        size: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const named = await db.selectFrom('students').select('image_path').where('image_path', 'is not', null).execute();
    expect(named.length).toBeGreaterThan(0);
    await db
      .updateTable('stored_files')
      .set({ created_at: old })
      .where(
        'name',
        'in',
        named.map((r) => r.image_path!),
      )
      .execute();
    expect(await photoStore.removeOrphans(db)).toBe(1);
    const left = await storedFiles();
    expect(left).not.toContain(orphan);
    expect(left).toContain(young);
    for (const { image_path } of named) expect(left).toContain(image_path);
  });
});
