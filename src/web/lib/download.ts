import { messages } from '../../contracts/messages';
import { ApiError } from './api-client';
import { readToken } from './auth-store';

/**
 * Downloads a file the API answers with the signed-in person's token (a PDF receipt, a certificate, a CSV): a link
 * could not send the bearer header, and a token in a URL ends up in logs and history.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, [messages.cannotReachServer]);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { errors?: unknown } | null;
    const errors = Array.isArray(payload?.errors) ? payload.errors.map(String) : [messages.requestFailed];
    throw new ApiError(response.status, errors);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  link.click();
  // The click starts the download; the address is kept a moment for browsers that read it afterwards.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
