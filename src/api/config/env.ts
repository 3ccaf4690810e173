/**
 * The one module that reads the environment (the configuration contract in the README: the variable names are an
 * interface operators rely on).
 * A bad value stops the start with one line naming the variable.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_COURSE_FEE_PAISE } from '../../contracts/course.js';
import { DEFAULT_CONTACT_EMAIL } from '../../contracts/site-info.js';

const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/app.db')
    .refine((url) => /^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url), {
      message: 'must be sqlite:<path> or postgres://…',
    }),
  ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' })),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  // Shown to people who need help (Verification Failed); the admin's login address is never published.
  CONTACT_EMAIL: optional(z.email({ error: 'must be an email address' })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be smtp://user:pass@host:port or smtps://…' })),
  MAIL_FROM: optional(z.string().min(3)),
  // How long mail claimed by a process that then died waits before another process sends it.
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  RAZORPAY_KEY_ID: optional(z.string().min(1)),
  RAZORPAY_KEY_SECRET: optional(z.string().min(1)),
  RAZORPAY_WEBHOOK_SECRET: optional(z.string().min(1)),
  // A public (https) site refuses to start with the built-in test gateway unless this says it is on purpose.
  ALLOW_TEST_GATEWAY: z.enum(['true', 'false', '1', '0', 'yes', 'no']).default('false'),
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.razorpay.com'),
  // The first value of the fee setting, within what Site Settings accepts (Rs.1 to Rs.1,00,000, in whole rupees).
  COURSE_FEE_PAISE: z.coerce
    .number()
    .int()
    .min(100, 'must be at least 100 (Rs.1)')
    .max(10_000_000, 'must be at most 10000000 (Rs.1,00,000)')
    .multipleOf(100, 'must be whole rupees (a multiple of 100)')
    .default(DEFAULT_COURSE_FEE_PAISE),
  GRADER_WORKERS: optional(z.string().regex(/^[1-9][0-9]?$/, 'must be a whole number from 1 to 99')),
  // Server-sent event streams one process holds at most; unset: half its open-file limit, at most 4,000.
  MAX_EVENT_STREAMS: optional(z.string().regex(/^[1-9][0-9]{1,5}$/, 'must be a whole number from 10 to 999999')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string;
  admin: { email: string | undefined; password: string | undefined };
  contactEmail: string;
  mail: { smtpUrl: string | undefined; from: string; leaseMs: number };
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
  };
  /** No Razorpay keys: the site's own test checkout takes payments, and anyone can mark themselves paid. */
  testGateway: boolean;
  courseFeePaise: number;
  /** Concurrent compilations (and runs) of students' C programs; undefined: one fewer than the cores. */
  graderWorkers: number | undefined;
  /** Event streams this process holds at most; undefined: from its open-file limit. */
  maxEventStreams: number | undefined;
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {}

/**
 * The address the site is reached at when APP_URL is not set: the one the start banner prints, so that the links in
 * emails open the same origin (and the same local storage) as the page the student signed up on.
 */
export function defaultAppUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const env = result.data;
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError('Invalid configuration: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  }
  const appUrl = (env.APP_URL ?? defaultAppUrl(env.HOST, env.PORT)).replace(/\/+$/, '');
  const testGateway = !env.RAZORPAY_KEY_ID;
  if (testGateway && appUrl.startsWith('https://') && !['true', '1', 'yes'].includes(env.ALLOW_TEST_GATEWAY)) {
    throw new ConfigError(
      `Invalid configuration: APP_URL is ${appUrl}, a public site, but no Razorpay keys are set, so the built-in test gateway would let any student mark themselves paid. ` +
        'Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or set ALLOW_TEST_GATEWAY=true to run a public test site on purpose.',
    );
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    databaseUrl: env.DATABASE_URL,
    admin: { email: env.ADMIN_EMAIL?.toLowerCase(), password: env.ADMIN_PASSWORD },
    contactEmail: env.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `C Programming Learning Hub <no-reply@${new URL(appUrl).hostname}>`,
      leaseMs: env.MAIL_LEASE_SECONDS * 1000,
    },
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ''),
    },
    testGateway,
    courseFeePaise: env.COURSE_FEE_PAISE,
    graderWorkers: env.GRADER_WORKERS ? Number(env.GRADER_WORKERS) : undefined,
    maxEventStreams: env.MAX_EVENT_STREAMS ? Number(env.MAX_EVENT_STREAMS) : undefined,
    logLevel: env.LOG_LEVEL,
  };
}

/** Reads `.env` (when present) into the environment, without overriding what is already set. */
export function loadConfig(envFile = '.env'): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}
