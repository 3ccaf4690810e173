import type { Area } from '../app-deps.js';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { route } from '../http/endpoint-route.js';
import { settingsEndpoints } from '../../contracts/settings.js';
import { PHOTO_MAX_BYTES } from '../../contracts/accounts.js';
import { messages } from '../../contracts/messages.js';
import { AppError } from '../http/app-error.js';
import { multipartError, unexpectedField } from '../http/multipart-errors.js';

/** The one file of a multipart body, sent as `image`. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('validation', 'Send the photo as multipart form data, named "image".');
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') throw unexpectedField(part.fieldname);
      const file = part as MultipartFile;
      if (file.fieldname !== 'image') {
        file.file.resume();
        throw unexpectedField(file.fieldname);
      }
      const buffer = await file.toBuffer();
      if (buffer.length > 0) photo = buffer;
    }
  } catch (error) {
    throw multipartError(error, messages.photoTooLarge);
  }
  if (!photo) throw new AppError('validation', 'Choose a photo to upload.');
  return photo;
}

export const settingsRoutes: Area = async (app, { settings }) => {
  route(app, settingsEndpoints.settings, async () => settings.adminView());

  route(app, settingsEndpoints.save, async (request) => settings.save(request.body));

  route(app, settingsEndpoints.keepDefaults, async () => settings.keepDefaults());

  route(app, settingsEndpoints.uploadPhoto, { bodyLimit: PHOTO_MAX_BYTES + 64 * 1024 }, async (request) =>
    settings.savePhoto(await readImage(request)),
  );

  route(app, settingsEndpoints.deletePhoto, async () => settings.removePhoto());
};
