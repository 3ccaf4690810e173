import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates.js';
import { renderCertificatePdf } from '../certificates/certificate-pdf.js';
import { renderReceiptPdf } from '../payments/receipt-pdf.js';
import { fontRuns, undrawable } from './pdf-fonts.js';
import { pdfTextItems } from './pdf-text.js';

/** Names as students write them: Indian scripts, Arabic, scripts mixed, and one of 200 characters. */
const NAMES = {
  devanagari: 'प्रियंका शर्मा',
  tamil: 'தமிழ்செல்வி ராஜன்',
  bengali: 'মৌমিতা দাস',
  gurmukhi: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
  telugu: 'శ్రీనివాస్ రెడ్డి',
  kannada: 'ಅನುಷಾ ಹೆಗ್ಡೆ',
  malayalam: 'അനഘ കൃഷ്ണൻ',
  gujarati: 'હેતલ પટેલ',
  oriya: 'ସୁଶ୍ରୀ ମହାନ୍ତି',
  arabic: 'محمد علی',
  mixed: 'Anita अनीता Sharma',
  long: `Venkata ${'Subrahmanya '.repeat(15)}Lakshmi Narasimha`.slice(0, 200),
};
/** Names no font draws whole, or that no space breaks: they must still stay on the page. */
const UNBREAKABLE = { unspaced: 'Q'.repeat(200), chinese: '张伟'.repeat(30) };

/**
 * The letters of a text, sorted: PDF text of shaped scripts comes out in the order its glyphs are drawn, and a vowel
 * sign drawn in two parts (Bengali ৌ) reads back as its parts, so signs (\p{M}) are left out.
 */
const letters = (text: string) => [...text.replace(/[\s\p{M}]+/gu, '')].sort().join('');

describe('PDF fonts', () => {
  it('draw every letter of names in Indian scripts and Arabic with a font that has it', () => {
    for (const [script, name] of Object.entries(NAMES)) expect(undrawable(name), script).toEqual([]);
    expect(fontRuns(NAMES.mixed, 'Body').map((run) => run.font)).toEqual(['Body', 'Body-devanagari', 'Body']);
    expect(fontRuns(NAMES.gurmukhi, 'Bold')).toEqual([{ font: 'Bold-gurmukhi', text: NAMES.gurmukhi }]);
    // A script no font has is named, so nobody takes the boxes for a name.
    expect(undrawable('张伟')).toEqual(['张', '伟']);
  });

  it('put each name on the certificate and the receipt as real text that stays on the page', async () => {
    for (const [script, name] of [...Object.entries(NAMES), ...Object.entries(UNBREAKABLE)]) {
      const certificate = await renderCertificatePdf(
        {
          code: 'K7QM-2XRT-9VDA',
          student_name: name,
          course: 'C Programming Language',
          batch: 7,
          batch_start: '2027-01-04',
          batch_end: '2027-03-01',
          teacher_name: name,
          issued_at: '2027-03-02T06:00:00.000Z',
        },
        'https://course.example/certificates/K7QM-2XRT-9VDA',
        DEFAULT_TIME_ZONE,
      );
      const receipt = await renderReceiptPdf({
        zone: DEFAULT_TIME_ZONE,
        receiptNumber: 'RCPT-000042',
        paidAt: '2027-01-02T06:00:00.000Z',
        studentName: name,
        studentEmail: 'student@example.com',
        amount: 300000,
        currency: 'INR',
        paymentId: 'pay_123',
        orderId: 'order_123',
        paidVia: 'checkout',
        manualMethod: null,
        testPayment: false,
        business: { name, address: `${name}, MG Road, Kochi`, email: 'help@course.example', gstin: null },
      });
      for (const [what, pdf] of [
        ['certificate', certificate],
        ['receipt', receipt],
      ] as const) {
        const items = await pdfTextItems(pdf);
        for (const item of items) {
          expect(item.x, `${script} ${what}: "${item.str}"`).toBeGreaterThanOrEqual(0);
          expect(item.x + item.width, `${script} ${what}: "${item.str}"`).toBeLessThanOrEqual(item.pageWidth);
        }
        if (script in UNBREAKABLE) continue;
        // Every letter of the name is in the text a machine reads back.
        const text = letters(items.map((item) => item.str).join(''));
        for (const letter of new Set(letters(name))) expect(text, `${script} ${what}`).toContain(letter);
      }
      if (script === 'devanagari') expect(certificate.toString('latin1')).toContain('NotoSansDevanagari');
      if (script === 'gurmukhi') expect(receipt.toString('latin1')).toContain('MuktaMahee');
    }
  }, 60_000);
});
