import { createHash } from 'node:crypto';

const LIMIT = 100;
const cache = new Map<string, Promise<Buffer>>();

/**
 * The PDF drawn from exactly these inputs, drawn once: drawing takes tens of milliseconds of the server's thread
 * (font subsetting), so a student pressing Download again and again, or many at once, must not redraw it each time.
 * The key is every input the document prints, so a changed name or setting draws a new one. The newest 100 are
 * kept; requests arriving while one is drawn share it.
 */
export function cachedPdf(inputs: unknown, draw: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const drawing = draw();
  cache.set(key, drawing);
  drawing.catch(() => cache.delete(key));
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
  return drawing;
}
