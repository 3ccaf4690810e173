import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { messages } from '../../contracts/messages.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const PHOTO_SIZE = 400;
const NAME_FORMAT = /^[a-f0-9]{32}\.webp$/;

/**
 * Checks an uploaded photo by its content (not its name or declared type), then resizes and
 * re-encodes it, which also drops any metadata (location, camera) and anything hidden in the file.
 */
export async function processPhoto(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new AppError('validation', messages.photoType);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('validation', messages.photoType);
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('validation', messages.photoType);
  }
}

/**
 * Profile photos in the database, each under a new random name: every process of the site serves them, and a
 * backup of the database holds them too.
 */
export function createPhotoStore(db: Kysely<Database>) {
  return {
    async save(photo: Buffer): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await db.insertInto('stored_files').values({ name, content_type: 'image/webp', content: photo, size: photo.length, created_at: new Date().toISOString() }).execute();
      return name;
    },
    async read(name: string): Promise<Buffer | undefined> {
      if (!NAME_FORMAT.test(name)) return undefined;
      const row = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirst();
      return row ? Buffer.from(row.content) : undefined;
    },
    async remove(name: string | null): Promise<void> {
      if (name && NAME_FORMAT.test(name)) await db.deleteFrom('stored_files').where('name', '=', name).execute();
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
