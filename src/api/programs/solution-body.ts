import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SOLUTION_MAX_BYTES, solutionMessages } from '../../contracts/course-content.js';
import { AppError } from '../http/app-error.js';
import { multipartError, unexpectedField } from '../http/multipart-errors.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Turns uploaded bytes into solution text, refusing binaries (invalid UTF-8 or NUL bytes). */
export function solutionText(bytes: Buffer): string {
  if (bytes.length > SOLUTION_MAX_BYTES) throw new AppError('payloadTooLarge', solutionMessages.tooLarge);
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new AppError('validation', solutionMessages.notText);
  }
  if (text.includes('\u0000')) throw new AppError('validation', solutionMessages.notText);
  if (text.trim() === '') throw new AppError('validation', solutionMessages.empty);
  return text;
}

/** `solution` as a `.c` file or a text field of multipart form data, or a JSON string. */
export async function readSolution(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    const solution = (request.body as { solution?: unknown } | null)?.solution;
    if (typeof solution !== 'string') throw new AppError('validation', solutionMessages.missing);
    return solutionText(Buffer.from(solution, 'utf8'));
  }
  let found: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SOLUTION_MAX_BYTES, fieldSize: SOLUTION_MAX_BYTES },
    })) {
      if (part.fieldname !== 'solution') {
        if (part.type === 'file') (part as MultipartFile).file.resume();
        throw unexpectedField(part.fieldname);
      }
      if (part.type === 'field' && part.valueTruncated)
        throw new AppError('payloadTooLarge', solutionMessages.tooLarge);
      found = part.type === 'file' ? await (part as MultipartFile).toBuffer() : Buffer.from(String(part.value), 'utf8');
    }
  } catch (error) {
    throw multipartError(error, solutionMessages.tooLarge);
  }
  if (!found) throw new AppError('validation', solutionMessages.missing);
  return solutionText(found);
}
