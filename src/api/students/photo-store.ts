import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { nowMs } from '../../contracts/clock.js';
import { PHOTO_MAX_PIXELS } from '../../contracts/accounts.js';
import { messages } from '../../contracts/messages.js';
import type { Database, Db } from '../db/schema.js';
import { AppError } from '../http/app-error.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const PHOTO_SIZE = 400;
const NAME_FORMAT = /^[a-f0-9]{32}\.webp$/;

// Decoding is where a photo costs memory: libvips keeps no cache of decoded images between requests, and works on
// one image with one thread (a 400 px thumbnail needs no more). With PHOTO_MAX_PIXELS and one photo processed at a
// time (PhotoProcessor), an upload burst costs about one decoded image of memory, not one per request.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Checks an uploaded photo by its content (not its name or declared type), then resizes and re-encodes it, which
 * also drops any metadata (location, camera) and anything hidden in the file. The size in pixels is checked from
 * the header before anything is decoded.
 */
export async function processPhoto(input: Buffer): Promise<Buffer> {
  let header: sharp.Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('validation', messages.photoType);
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) throw new AppError('validation', messages.photoType);
  if (!header.width || !header.height || header.width * header.height > PHOTO_MAX_PIXELS || (header.pages ?? 1) > 1) {
    throw new AppError('validation', messages.photoTooManyPixels);
  }
  try {
    return await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, sequentialRead: true })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('validation', messages.photoType);
  }
}

/**
 * Photos are processed one at a time, in arrival order; past `maxWaiting` uploads waiting, a new one is told to
 * try again shortly instead of holding its body in memory in a long queue.
 */
export class PhotoProcessor {
  private running = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxWaiting = 20,
    private readonly work: (input: Buffer) => Promise<Buffer> = processPhoto,
  ) {}

  async process(input: Buffer): Promise<Buffer> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('tooManyRequests', messages.photoBusy);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running = true;
    try {
      return await this.work(input);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }
}

/**
 * Profile photos in the database, each under a new random name: every process of the site serves them, and a
 * backup of the database holds them too. Writes take the caller's transaction, so a photo is stored together with
 * the student row that names it, or not at all (a crash in between leaves no orphan).
 */
export const photoStore = {
  async save(db: Db, photo: Buffer, now: Date): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await db
      .insertInto('stored_files')
      .values({
        name,
        content_type: 'image/webp',
        content: photo,
        size: photo.length,
        created_at: now.toISOString(),
      })
      .execute();
    return name;
  },

  async read(db: Db, name: string): Promise<Buffer | undefined> {
    if (!NAME_FORMAT.test(name)) return undefined;
    const row = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  },

  async remove(db: Db, name: string | null): Promise<void> {
    if (name && NAME_FORMAT.test(name)) await db.deleteFrom('stored_files').where('name', '=', name).execute();
  },

  /**
   * Removes stored files no student (and no setting) names any more, older than `graceMs` (a save in flight is
   * younger). Photos were once saved before the transaction that named them, so a crash in between left orphans; the
   * server sweeps at start.
   */
  async removeOrphans(db: Kysely<Database>, graceMs = 60 * 60_000, now = nowMs()): Promise<number> {
    const result = await db
      .deleteFrom('stored_files')
      .where('created_at', '<', new Date(now - graceMs).toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('students')
              .select(sql`1`.as('one'))
              .whereRef('students.image_path', '=', 'stored_files.name'),
          ),
        ),
      )
      // The instructor's photo is named by a site setting.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('settings')
              .select(sql`1`.as('one'))
              .whereRef('settings.value', '=', 'stored_files.name'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
