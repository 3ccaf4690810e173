import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env.js';

describe('configuration', () => {
  it('has working defaults for every variable', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:3000',
      databaseUrl: 'sqlite:./data/app.db',
      admin: { email: undefined, password: undefined },
      mail: { smtpUrl: undefined },
      razorpay: { keyId: undefined, apiUrl: 'https://api.razorpay.com' },
      courseFeePaise: 300000,
    });
  });

  it('reads every variable of the configuration contract', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      APP_URL: 'https://course.example.com/',
      CONTACT_EMAIL: 'help@example.com',
      DATABASE_URL: 'postgres://u:p@db:5432/course',
      ADMIN_EMAIL: 'Teacher@Example.com',
      ADMIN_PASSWORD: 'Secret#123',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Course <course@example.com>',
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      RAZORPAY_API_URL: 'http://127.0.0.1:9999/',
      COURSE_FEE_PAISE: '250000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      appUrl: 'https://course.example.com',
      databaseUrl: 'postgres://u:p@db:5432/course',
      admin: { email: 'teacher@example.com', password: 'Secret#123' },
      mail: { smtpUrl: 'smtp://user:pass@mail.example.com:587', from: 'Course <course@example.com>' },
      razorpay: { keyId: 'rzp_test_1', keySecret: 's', webhookSecret: 'w', apiUrl: 'http://127.0.0.1:9999' },
      courseFeePaise: 250000,
      contactEmail: 'help@example.com',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['RAZORPAY_API_URL', 'ftp://x'],
    ['COURSE_FEE_PAISE', '-5'],
    ['COURSE_FEE_PAISE', '49950'],
    ['COURSE_FEE_PAISE', '10000100'],
    ['APP_URL', 'nonsense'],
    ['MAIL_LEASE_SECONDS', '5'],
    ['MAIL_LEASE_SECONDS', 'soon'],
  ])('stops with one line naming %s when it is %s', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('requires the Razorpay key id and secret together', () => {
    expect(() => parseConfig({ RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow(/RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/);
  });

  it('holds claimed mail for 5 minutes unless MAIL_LEASE_SECONDS says otherwise', () => {
    expect(parseConfig({}).mail.leaseMs).toBe(300_000);
    expect(parseConfig({ MAIL_LEASE_SECONDS: '10' }).mail.leaseMs).toBe(10_000);
  });

  it('links emails to the address the start banner prints when APP_URL is not set', () => {
    expect(parseConfig({ PORT: '4000' }).appUrl).toBe('http://127.0.0.1:4000');
    expect(parseConfig({ HOST: '0.0.0.0' }).appUrl).toBe('http://localhost:3000');
    expect(parseConfig({ HOST: '::1' }).appUrl).toBe('http://[::1]:3000');
    expect(parseConfig({ HOST: 'course.lan' }).appUrl).toBe('http://course.lan:3000');
  });

  it('refuses to start a public (https) site on the test gateway unless told so explicitly', () => {
    expect(() => parseConfig({ APP_URL: 'https://course.example.com' })).toThrow(ConfigError);
    expect(() => parseConfig({ APP_URL: 'https://course.example.com' })).toThrow(
      /test gateway would let any student mark themselves paid.*ALLOW_TEST_GATEWAY=true/,
    );
    expect(parseConfig({ APP_URL: 'https://course.example.com', ALLOW_TEST_GATEWAY: 'true' }).testGateway).toBe(true);
    expect(
      parseConfig({ APP_URL: 'https://course.example.com', RAZORPAY_KEY_ID: 'rzp_live_1', RAZORPAY_KEY_SECRET: 's' })
        .testGateway,
    ).toBe(false);
    expect(parseConfig({ APP_URL: 'http://127.0.0.1:3000' }).testGateway).toBe(true);
  });

  it('caps event streams from the open-file limit unless MAX_EVENT_STREAMS says otherwise', () => {
    expect(parseConfig({}).maxEventStreams).toBeUndefined();
    expect(parseConfig({ MAX_EVENT_STREAMS: '300' }).maxEventStreams).toBe(300);
    for (const bad of ['0', '5', 'many', '-20'])
      expect(() => parseConfig({ MAX_EVENT_STREAMS: bad }), bad).toThrow(
        'Invalid configuration: MAX_EVENT_STREAMS: must be a whole number from 10 to 999999',
      );
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ SMTP_URL: '', ADMIN_EMAIL: '' }).mail.smtpUrl).toBeUndefined();
  });
});
