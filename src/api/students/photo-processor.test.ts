import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.js';
import { PhotoProcessor } from './photo-store.js';

describe('photo processing has bounded memory', () => {
  it('processes one photo at a time, in arrival order, and tells uploads past the queue to try again', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const processor = new PhotoProcessor(3, async (input) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(input[0]!);
      running -= 1;
      return input;
    });
    const jobs = [1, 2, 3, 4].map((n) => processor.process(Buffer.from([n])));
    // One running, three waiting: the fifth is refused at once.
    await expect(processor.process(Buffer.from([5]))).rejects.toMatchObject({ code: 'tooManyRequests' });
    await Promise.all(jobs);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
    // The queue drained: a new upload is taken again.
    await expect(processor.process(Buffer.from([6]))).resolves.toEqual(Buffer.from([6]));
  });

  it('keeps going after a photo that fails', async () => {
    const processor = new PhotoProcessor(3, async (input) => {
      if (input[0] === 1) throw new AppError('validation', 'bad photo');
      return input;
    });
    const results = await Promise.allSettled([
      processor.process(Buffer.from([1])),
      processor.process(Buffer.from([2])),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });
});
