import { describe, expect, it } from 'vitest';
import { verificationMail } from './mail-templates.js';

describe('mail text stays safe', () => {
  it('keeps a name stored before names were checked on one line: no attacker line starts in the text part', () => {
    const mail = verificationMail(
      'eve@example.com',
      'Eve\r\nBcc: victim@example.com\r\n\r\nClick http://evil.example',
      'http://course.test/verify?token=x',
    );
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hello Eve Bcc: victim@example.com Click http://evil.example,');
    expect(lines.some((line) => line.startsWith('Bcc:') || line.startsWith('Click'))).toBe(false);
    expect(mail.html).not.toContain('\r');
  });
});
