import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { messages } from '../../contracts/messages.js';
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

/** Profile photos on disk under UPLOAD_DIR/photos, each under a new random name. */
export function createPhotoStore(uploadDir: string) {
  const dir = join(uploadDir, 'photos');
  return {
    async save(photo: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.webp`;
      const temp = join(dir, `.${name}.tmp`);
      await writeFile(temp, photo);
      await rename(temp, join(dir, name));
      return name;
    },
    async read(name: string): Promise<Buffer | undefined> {
      if (!NAME_FORMAT.test(name)) return undefined;
      try {
        return await readFile(join(dir, name));
      } catch {
        return undefined;
      }
    },
    async remove(name: string | null): Promise<void> {
      if (name && NAME_FORMAT.test(name)) await rm(join(dir, name), { force: true });
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
