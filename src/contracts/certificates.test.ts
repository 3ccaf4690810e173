import { describe, expect, it } from 'vitest';
import { certificateCodeFrom, normalizeCertificateCode } from './certificates.js';

describe('certificate codes', () => {
  it('are 12 Crockford base32 characters in three groups, one from each random byte', () => {
    const code = certificateCodeFrom(Uint8Array.from([0, 1, 2, 3, 31, 32, 255, 18, 19, 20, 26, 27]));
    expect(code).toBe('0123-Z0ZJ-KMTV');
    for (let i = 0; i < 200; i++) {
      const random = certificateCodeFrom(crypto.getRandomValues(new Uint8Array(12)));
      expect(random).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(normalizeCertificateCode(random)).toBe(random);
    }
  });

  it('are found however they are typed: case, dashes, spaces and the letters read as digits', () => {
    expect(normalizeCertificateCode('k7qm2xrt9vda')).toBe('K7QM-2XRT-9VDA');
    expect(normalizeCertificateCode(' k7qm 2xrt-9vda ')).toBe('K7QM-2XRT-9VDA');
    expect(normalizeCertificateCode('OIL0-0000-0000')).toBe('0110-0000-0000');
  });

  it('are refused when they cannot be a code', () => {
    for (const input of ['', 'K7QM-2XRT-9VD', 'K7QM-2XRT-9VDAA', 'K7QM-2XRT-9VDU', '../../etc/passwd', 'x'.repeat(100)])
      expect(normalizeCertificateCode(input), input).toBeUndefined();
  });
});
