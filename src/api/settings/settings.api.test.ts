import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { miniatureBuild } from '../../../test/miniature-build.js';
import type { TestContext } from '../../../test/test-app.js';
import { defaultsNeedNotice, type SiteSettingsForm } from '../../contracts/settings.js';
import { DEFAULT_SITE_CONTENT } from '../../contracts/site-info.js';
import { buildApp } from '../app.js';
import { photoStore } from '../students/photo-store.js';

// A build in miniature with its server-side bundle, so the server renders its pages with the settings.
let dist: string;
let ctx: TestContext;
let adminToken: string;
let other: FastifyInstance;

beforeAll(async () => {
  dist = miniatureBuild({
    render:
      'export async function render(url, site) { return `<p>${url}: taught by ${site.instructorName}, fee ${site.courseFeePaise}</p>`; }',
  });
  ({ ctx, adminToken } = await createAdminTestApp({ COURSE_FEE_PAISE: '250000' }, {}, dist));
  // Another process of the site on the same database, whose watch is too slow to matter unless a test waits for it.
  other = await buildApp({
    config: ctx.config,
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    distDir: dist,
    settingsWatchMs: 60_000,
  });
  await other.ready();
}, 60_000);
afterAll(async () => {
  await other.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const asAdmin = () => bearer(adminToken);
const getSettings = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: asAdmin() })).json();
const put = (payload: unknown, headers = asAdmin()) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers, payload: payload as object });
const settingRows = () => ctx.database.db.selectFrom('settings').selectAll().where('key', 'like', 'site.%').execute();

const valid: SiteSettingsForm = {
  instructorName: 'Anita Menon',
  instructorBio: 'Teaches C.\n\nWrites Rails and React.',
  profileUrl: 'https://www.linkedin.com/in/anita',
  contactEmail: 'help@course.example',
  privacyOwnerName: 'Anita Menon (owner and data controller)',
  privacyAddress: 'MG Road, Kochi 682016, India',
  privacyEmail: 'privacy@course.example',
  businessName: 'Anita Menon Tutorials',
  gstin: '',
  courseFeeRupees: 3500,
  nextBatchDate: '2027-01-04',
  faqs: [{ question: 'Is there a certificate?', answer: 'Yes, after the course.' }],
  timeZone: 'Asia/Kolkata',
};
const landing = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/' })).body;

describe('site settings', () => {
  it('start as the built-in texts with the fee and contact address of the configuration, all reported as defaults', async () => {
    const view = await getSettings();
    const { instructorPhotoUrl: _photo, ...content } = DEFAULT_SITE_CONTENT;
    expect(view.settings).toEqual({ ...content, contactEmail: 'support@c-course.local', courseFeeRupees: 2500 });
    expect(view.instructorPhotoUrl).toBeNull();
    expect(view.defaults).toEqual([
      'instructorName',
      'instructorPhoto',
      'instructorBio',
      'profileUrl',
      'contactEmail',
      'privacyOwnerName',
      'privacyAddress',
      'privacyEmail',
      'businessName',
      'gstin',
      'courseFeeRupees',
      'nextBatchDate',
      'faqs',
      'timeZone',
    ]);
  });

  it('only the admin reads or changes them', async () => {
    const student = await verifiedStudent(ctx);
    for (const headers of [{}, bearer(student.token)]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const url = method === 'DELETE' ? '/api/v1/admin/settings/photo' : '/api/v1/admin/settings';
        const response = await ctx.app.inject({ method, url, headers, payload: method === 'PUT' ? valid : undefined });
        expect([401, 403], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    const before = await settingRows();
    expect((await put(valid, bearer(student.token))).statusCode).toBe(403);
    expect(await settingRows()).toEqual(before);
  });

  it('refuse bad input with the field’s message and store nothing', async () => {
    const before = await settingRows();
    const cases: [Partial<Record<keyof SiteSettingsForm, unknown>>, RegExp][] = [
      [{ courseFeeRupees: 0 }, /course fee must be a whole number of rupees from 1 to 100000/],
      [{ courseFeeRupees: 100_001 }, /course fee/],
      [{ courseFeeRupees: 12.5 }, /course fee/],
      [{ instructorName: 'x'.repeat(101) }, /Instructor name must be at most 100 characters/],
      [{ instructorName: '  ' }, /Instructor name is required/],
      [{ instructorBio: 'x'.repeat(3001) }, /Instructor biography must be at most 3000 characters/],
      [{ privacyAddress: 'x'.repeat(501) }, /Postal address must be at most 500 characters/],
      [{ profileUrl: 'not a link' }, /Professional profile link must be an https:\/\/ address/],
      [{ profileUrl: 'http://example.com/me' }, /https:\/\//],
      [{ contactEmail: 'nobody' }, /Contact email must be an email address/],
      [{ privacyEmail: 'a@' }, /Privacy contact email must be an email address/],
      [{ timeZone: 'Mars/Olympus' }, /Choose the course time zone from the list/],
      [{ nextBatchDate: '2027-02-30' }, /Next batch start date must be a real date/],
      [{ faqs: [{ question: 'q'.repeat(301), answer: 'a' }] }, /FAQ question must be at most 300 characters/],
      [{ faqs: [{ question: 'q', answer: 'a'.repeat(2001) }] }, /FAQ answer must be at most 2000 characters/],
      [{ faqs: Array.from({ length: 31 }, () => ({ question: 'q', answer: 'a' })) }, /At most 30 FAQ entries/],
    ];
    for (const [change, message] of cases) {
      const response = await put({ ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(response.json().errors.join(' ')).toMatch(message);
    }
    expect((await put({ ...valid, extra: 1 })).statusCode).toBe(400);
    expect(await settingRows()).toEqual(before);
  });

  it('a save shows on /api/v1/site, stops counting as default, and the pages are rendered again before it answers', async () => {
    const view = await put(valid);
    expect(view.statusCode).toBe(200);
    // The GSTIN left empty is still its default (none).
    expect(view.json().defaults).toEqual(['instructorPhoto', 'gstin', 'timeZone']);
    const site = (await ctx.app.inject({ method: 'GET', url: '/api/v1/site' })).json();
    expect(site).toEqual({
      contactEmail: 'help@course.example',
      courseFeePaise: 350000,
      instructorName: 'Anita Menon',
      instructorBio: valid.instructorBio,
      instructorPhotoUrl: null,
      profileUrl: valid.profileUrl,
      privacyOwnerName: valid.privacyOwnerName,
      privacyAddress: valid.privacyAddress,
      privacyEmail: valid.privacyEmail,
      businessName: 'Anita Menon Tutorials',
      gstin: null,
      nextBatchDate: '2027-01-04',
      faqs: valid.faqs,
      timeZone: 'Asia/Kolkata',
    });
    const page = await landing(ctx.app);
    expect(page).toContain('<p>/: taught by Anita Menon, fee 350000</p>');
    // The app's pages carry the facts for the browser; the static landing page has no app to give them to.
    expect((await ctx.app.inject({ method: 'GET', url: '/StudentLogin' })).body).toContain(
      '"instructorName":"Anita Menon"',
    );
    // Another process notices on its next look at the version row.
    expect(await landing(other)).toContain('taught by Course instructor');
    await other.refreshSiteSettings();
    expect(await landing(other)).toContain('taught by Anita Menon, fee 350000');
    expect((await other.inject({ method: 'GET', url: '/api/v1/site' })).json().instructorName).toBe('Anita Menon');
  });

  it('the defaults the teacher keeps are no longer named, until another setting is back at its first value', async () => {
    const keep = (headers = asAdmin()) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/admin/settings/keep_defaults', headers });
    const student = await verifiedStudent(ctx);
    expect((await keep(bearer(student.token))).statusCode).toBe(403);
    expect((await getSettings()).defaults_kept).toEqual([]);

    const kept = await keep();
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      defaults: ['instructorPhoto', 'gstin', 'timeZone'],
      defaults_kept: ['instructorPhoto', 'gstin', 'timeZone'],
    });
    expect(defaultsNeedNotice(await getSettings())).toBe(false);

    // The instructor's name set back to the built-in one: the list changed, the dashboard names them again.
    const back = await put({ ...valid, instructorName: DEFAULT_SITE_CONTENT.instructorName });
    expect(back.json().defaults).toEqual(['instructorName', 'instructorPhoto', 'gstin', 'timeZone']);
    expect(defaultsNeedNotice(back.json())).toBe(true);
    // Fewer defaults than were kept (the name set again) needs no notice.
    expect(defaultsNeedNotice((await put(valid)).json())).toBe(false);
  });

  it('another process picks a change up by itself within its watch interval', async () => {
    const watching = await buildApp({
      config: ctx.config,
      db: ctx.database.db,
      dialect: ctx.database.dialect,
      distDir: dist,
      settingsWatchMs: 50,
    });
    try {
      await watching.ready();
      expect((await put({ ...valid, instructorName: 'Bala Krishnan' })).statusCode).toBe(200);
      await expect.poll(() => landing(watching), { timeout: 5000 }).toContain('taught by Bala Krishnan');
      expect(await landing(ctx.app)).toContain('taught by Bala Krishnan');
    } finally {
      await watching.close();
    }
  });

  it("puts text with every special replacement pattern ($&, $`, $', $$, $1, $<n>) in the pages as written", async () => {
    const dollars = 'printf("$&"); $` $\' $$ $1 $<n>';
    expect((await put({ ...valid, instructorName: `Dr ${dollars}`, instructorBio: dollars })).statusCode).toBe(200);
    for (const url of ['/', '/StudentLogin', '/AboutUs']) {
      const html = (await ctx.app.inject({ method: 'GET', url })).body;
      // One page, not the page with copies of the template spliced into it.
      expect(html.match(/<\/body>/g), url).toHaveLength(1);
      expect(html.match(/<html[\s>]/g), url).toHaveLength(1);
      expect(html, url).toContain(`taught by Dr ${dollars},`);
    }
    // The app's pages carry the facts, which still parse, with the text as it was saved.
    const login = (await ctx.app.inject({ method: 'GET', url: '/StudentLogin' })).body;
    const facts = /<script type="application\/json" id="site-info">(.*?)<\/script>/.exec(login)?.[1] ?? '';
    expect((JSON.parse(facts) as { instructorName: string; instructorBio: string }).instructorName).toBe(
      `Dr ${dollars}`,
    );
    expect((JSON.parse(facts) as { instructorBio: string }).instructorBio).toBe(dollars);
  });

  it('the time zone setting becomes the course time zone', async () => {
    // What the server prints in the course's zone (the class calendar names it) and what the pages get to print in.
    const calendar = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar', headers: asAdmin() });
    const feed = new URL((calendar.json() as { feed_url: string }).feed_url).pathname;
    const courseZone = async () => {
      const ics = (await ctx.app.inject({ method: 'GET', url: feed })).body;
      const site = (await ctx.app.inject({ method: 'GET', url: '/api/v1/site' })).json() as { timeZone: string };
      return { calendar: /X-WR-TIMEZONE:(.*)\r?\n/.exec(ics)?.[1], site: site.timeZone };
    };
    expect((await put({ ...valid, timeZone: 'Europe/London' })).statusCode).toBe(200);
    expect(await courseZone()).toEqual({ calendar: 'Europe/London', site: 'Europe/London' });
    expect((await put({ ...valid, timeZone: 'Asia/Kolkata' })).statusCode).toBe(200);
    expect(await courseZone()).toEqual({ calendar: 'Asia/Kolkata', site: 'Asia/Kolkata' });
  });

  it('the amount charged follows the fee setting; an order made before a change keeps its amount', async () => {
    expect((await put({ ...valid, courseFeeRupees: 2000 })).statusCode).toBe(200);
    const early = await verifiedStudent(ctx);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/payments', headers: bearer(early.token) });
    expect(first.statusCode).toBe(201);
    expect(first.json().amount).toBe(200000);

    expect((await put({ ...valid, courseFeeRupees: 4500 })).statusCode).toBe(200);
    const late = await verifiedStudent(ctx);
    const second = await other.inject({ method: 'POST', url: '/api/v1/payments', headers: bearer(late.token) });
    expect(second.statusCode).toBe(201);
    expect(second.json().amount).toBe(450000);
    const myPayment = await ctx.app.inject({ method: 'GET', url: '/api/v1/payments', headers: bearer(late.token) });
    expect(myPayment.json().fee).toEqual({ amount: 450000, currency: 'INR' });
    const stored = await ctx.database.db
      .selectFrom('payments')
      .select('amount')
      .where('order_id', '=', first.json().order_id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.amount)).toBe(200000);
    const earlyView = await ctx.app.inject({ method: 'GET', url: '/api/v1/payments', headers: bearer(early.token) });
    expect(earlyView.json().payments[0]).toMatchObject({ order_id: first.json().order_id, amount: 200000 });

    // Marking a student paid by hand records the fee of the moment.
    const manual = await verifiedStudent(ctx);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${manual.id}`,
      headers: asAdmin(),
      payload: { student_status: 1 },
    });
    const recorded = await ctx.database.db
      .selectFrom('payments')
      .select('amount')
      .where('student_id', '=', manual.id)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.amount)).toBe(450000);
  });

  it('takes an image as the instructor photo, refuses a text file, and removes the photo', async () => {
    const png = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#228844' } })
      .png()
      .toBuffer();
    const upload = (file: { filename: string; type: string; data: Buffer }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/settings/photo',
        ...(() => {
          const body = multipart({}, [{ name: 'image', ...file }]);
          return { payload: body.payload, headers: { ...body.headers, ...asAdmin() } };
        })(),
      });
    const refused = await upload({ filename: 'me.png', type: 'image/png', data: Buffer.from('just some text') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['The photo must be a JPEG, PNG or WebP image.']);
    expect((await getSettings()).instructorPhotoUrl).toBeNull();

    const taken = await upload({ filename: 'me.png', type: 'image/png', data: png });
    expect(taken.statusCode).toBe(200);
    const url: string = taken.json().instructorPhotoUrl;
    expect(url).toMatch(/^\/uploads\/photos\/[a-f0-9]{32}\.webp$/);
    expect(taken.json().defaults).not.toContain('instructorPhoto');
    const photo = await ctx.app.inject({ method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/site' })).json().instructorPhotoUrl).toBe(url);
    // The start-up sweep of unnamed photos keeps it.
    await photoStore.removeOrphans(ctx.database.db, 0, Date.now() + 1000);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/admin/settings/photo', headers: asAdmin() });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().instructorPhotoUrl).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
