import { describe, expect, it } from 'vitest';
import { cachedPdf } from './pdf-cache.js';

describe('cachedPdf', () => {
  it('draws a document once for the same inputs, again when an input changes, and forgets a failed drawing', async () => {
    let draws = 0;
    const draw = async () => Buffer.from(`pdf ${++draws}`);
    const inputs = { receipt: 'RCPT-000001', name: 'Ada' };
    const [first, second] = await Promise.all([cachedPdf(inputs, draw), cachedPdf({ ...inputs }, draw)]);
    expect(second).toBe(first);
    expect(draws).toBe(1);
    await cachedPdf({ ...inputs, name: 'Ada Lovelace' }, draw);
    expect(draws).toBe(2);

    const failing = { receipt: 'RCPT-000002' };
    await expect(cachedPdf(failing, () => Promise.reject(new Error('font missing')))).rejects.toThrow('font missing');
    expect((await cachedPdf(failing, draw)).toString()).toBe('pdf 3');
  });
});
