import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates.js';
import { pdfText } from '../pdf/pdf-text.js';
import { renderCertificatePdf } from './certificate-pdf.js';

describe('the certificate PDF', () => {
  it('prints the whole of a name and a teacher’s name at their longest (100 characters each part)', async () => {
    const first = `Bartholomew ${'Maximilian '.repeat(8)}`.trim().slice(0, 100);
    const last = `Venkataraghavan ${'Subramaniam '.repeat(8)}`.trim().slice(0, 100);
    const teacher = `Professor ${'Chandrasekhar '.repeat(7)}`.trim().slice(0, 100);
    const pdf = await renderCertificatePdf(
      {
        code: 'K7QM-2XRT-9VDA',
        student_name: `${first} ${last}`,
        course: 'C Programming',
        batch: 7,
        batch_start: '2026-11-01',
        batch_end: '2026-12-20',
        teacher_name: teacher,
        issued_at: '2026-11-24T00:00:00.000Z',
      },
      'http://course.test/certificates/K7QM-2XRT-9VDA',
      DEFAULT_TIME_ZONE,
    );
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(`${first} ${last}`);
    expect(text).toContain(`Taught by ${teacher}`);
    expect(text).toContain('http://course.test/certificates/K7QM-2XRT-9VDA');
  });
});
