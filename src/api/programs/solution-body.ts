import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SOLUTION_MAX_BYTES, solutionMessages } from '../../contracts/course-content.js';
import { AppError } from '../http/app-error.js';

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
    if (typeof solution !== 'string') throw new AppError('validation', 'solution: send the program text or a .c file.');
    return solutionText(Buffer.from(solution, 'utf8'));
  }
  let found: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SOLUTION_MAX_BYTES, fieldSize: SOLUTION_MAX_BYTES } })) {
      if (part.fieldname !== 'solution') {
        if (part.type === 'file') (part as MultipartFile).file.resume();
        throw new AppError('validation', `Unexpected field: ${part.fieldname}`);
      }
      if (part.type === 'field' && part.valueTruncated) throw new AppError('payloadTooLarge', solutionMessages.tooLarge);
      found = part.type === 'file' ? await (part as MultipartFile).toBuffer() : Buffer.from(String(part.value), 'utf8');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('payloadTooLarge', solutionMessages.tooLarge);
    if (code?.startsWith('FST_')) throw new AppError('validation', 'The form data could not be read.');
    throw error;
  }
  if (!found) throw new AppError('validation', 'solution: send the program text or a .c file.');
  return solutionText(found);
}
