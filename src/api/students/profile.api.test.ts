import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastMailTo, verifiedStudent } from '../../../test/accounts-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';
import { mobileMessages } from '../../contracts/mobile.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { ipRateLimits: { login: 1000, signup: 1000, email: 1000 } });
});
afterAll(() => ctx.close());

const profile = {
  mobile: '9876543210',
  city: 'Kochi',
  country: 'India',
  study: 'B.Tech',
  institution: 'CET',
  work: 'Student',
  office: '',
};
const png = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('profile', () => {
  it("returns the signed-in student's own profile, without secrets", async () => {
    const { token, email } = await verifiedStudent(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      first_name: 'Dennis',
      last_name: 'Ritchie',
      mobile: null,
      activated: true,
      student_status: 0,
    });
    expect(body.uniq_id).toMatch(/^CP-[A-Z0-9]{8}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|token_hash/);
  });

  it('creates the profile with a photo (multipart), re-encodes the photo and mails the student once', async () => {
    const { token, id, email } = await verifiedStudent(ctx);
    const body = multipart(profile, [{ name: 'image', filename: 'me.png', type: 'image/png', data: await png() }]);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json.meta.message).toBe(messages.profileUpdated);
    expect(json.data.attributes).toMatchObject({
      mobile: '9876543210',
      city: 'Kochi',
      institution: 'CET',
      student_status: 0,
    });
    const url = json.data.attributes.get_image_url as string;
    expect(url).toMatch(/^\/uploads\/photos\/[a-f0-9]{32}\.webp$/);

    const photo = await ctx.app.inject({ method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const meta = await sharp(photo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);

    expect((await lastMailTo(ctx, email)).subject).toBe('Your C Programming Learning Hub profile is ready');
    // A later edit (JSON this time) sends no second welcome and replaces nothing it wasn't given.
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: bearer(token),
      payload: { ...profile, city: 'Pune' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.attributes).toMatchObject({ city: 'Pune', get_image_url: url });
    const welcomes = await ctx.database.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('subject', 'like', '%profile is ready')
      .execute();
    expect(welcomes).toHaveLength(1);
  });

  it('takes a number abroad with its country code, kept in E.164, and an Indian one as its 10 digits', async () => {
    const save = async (mobile: string) => {
      const { token, id } = await verifiedStudent(ctx);
      const body = multipart({ ...profile, mobile, city: 'Dubai', country: 'United Arab Emirates' });
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/students/${id}`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      const row = await ctx.database.db.selectFrom('students').select('mobile').where('id', '=', id).executeTakeFirst();
      return { status: response.statusCode, json: response.json(), stored: row?.mobile };
    };
    const abroad = await save('+971 50 123 4567');
    expect([abroad.status, abroad.json.data.attributes.mobile, abroad.stored]).toEqual([
      200,
      '+971501234567',
      '+971501234567',
    ]);
    expect((await save('+91 98765 43210')).stored).toBe('9876543210');
    const refused = await save('+971 5');
    expect([refused.status, refused.json.errors, refused.stored]).toEqual([400, [mobileMessages.international], null]);
    const short = await save('98765');
    expect([short.status, short.json.errors]).toEqual([400, ['Mobile must be exactly 10 digits']]);
  });

  it.each([
    ['a 9-digit mobile', { ...profile, mobile: '987654321' }],
    ['letters in the mobile', { ...profile, mobile: '98765abcde' }],
    ['an empty city', { ...profile, city: '   ' }],
    ['a missing country', { ...profile, country: undefined }],
    ['an empty institution', { ...profile, institution: '' }],
    ['a too long study', { ...profile, study: 'x'.repeat(101) }],
    ['its own status', { ...profile, student_status: '2' }],
    ['its own batch', { ...profile, student_batch: '4' }],
    ['activation', { ...profile, activated: '1' }],
    ['a role', { ...profile, role: 'admin' }],
  ])('refuses %s with 400 and changes nothing', async (_label, fields) => {
    const { token, id } = await verifiedStudent(ctx);
    const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const body = multipart(clean);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    const row = await ctx.database.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.mobile, row.city, row.student_status, row.student_batch, row.role]).toEqual([
      null,
      null,
      0,
      null,
      'student',
    ]);
  });

  it('refuses a file that is not really an image, whatever its name', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const body = multipart(profile, [
      { name: 'image', filename: 'me.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') },
    ]);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([messages.photoType]);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const asGif = multipart(profile, [{ name: 'image', filename: 'me.jpg', type: 'image/jpeg', data: gif }]);
    const second = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), ...asGif.headers },
      payload: asGif.payload,
    });
    expect(second.statusCode).toBe(400);
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const body = multipart(profile, [
      { name: 'image', filename: 'big.png', type: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    ]);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual([messages.photoTooLarge]);
  });

  it("refuses to change another student's profile", async () => {
    const a = await verifiedStudent(ctx);
    const b = await verifiedStudent(ctx);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${b.id}`,
      headers: bearer(a.token),
      payload: profile,
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: `/students/${b.id}`, payload: profile });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses garbage bodies and unknown photos cleanly', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const text = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${id}`,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'not multipart at all',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/photos/../../etc/passwd' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/photos/${'a'.repeat(32)}.webp` })).statusCode).toBe(
      404,
    );
  });
});
