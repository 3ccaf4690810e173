import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf-document.js';
import { pdfText } from './pdf-text.js';

describe('renderPdf', () => {
  it('writes a PDF whose text a machine can read back, names beyond Latin-1 included', async () => {
    const pdf = await renderPdf({ title: 'A test' }, (doc) => {
      doc.font('Bold').fontSize(20).text('Certificate for Łukasz Ωmega Öztürk');
      doc.font('Body').fontSize(12).text('₹ 4,999.00 paid');
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Certificate for Łukasz Ωmega Öztürk');
    expect(text).toContain('₹ 4,999.00 paid');
  });

  it('ends the document and rejects when the drawing fails', async () => {
    await expect(
      renderPdf({ title: 'Broken' }, () => {
        throw new Error('drawing failed');
      }),
    ).rejects.toThrow('drawing failed');
  });
});
