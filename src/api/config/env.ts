/**
 * The one module that reads the environment (ARCHITECTURE.md, "Configuration contract").
 * A bad value stops the start with one line naming the variable.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_COURSE_FEE_PAISE } from '../../contracts/course.js';

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
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be smtp://user:pass@host:port or smtps://…' })),
  MAIL_FROM: optional(z.string().min(3)),
  // How long mail claimed by a process that then died waits before another process sends it.
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  RAZORPAY_KEY_ID: optional(z.string().min(1)),
  RAZORPAY_KEY_SECRET: optional(z.string().min(1)),
  RAZORPAY_WEBHOOK_SECRET: optional(z.string().min(1)),
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.razorpay.com'),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  COURSE_FEE_PAISE: z.coerce.number().int().positive().max(100_000_000).default(DEFAULT_COURSE_FEE_PAISE),
  GRADER_WORKERS: optional(z.string().regex(/^[1-9][0-9]?$/, 'must be a whole number from 1 to 99')),
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
  mail: { smtpUrl: string | undefined; from: string; leaseMs: number };
  razorpay: { keyId: string | undefined; keySecret: string | undefined; webhookSecret: string | undefined; apiUrl: string };
  uploadDir: string;
  courseFeePaise: number;
  /** Concurrent compilations (and runs) of students' C programs; undefined: one fewer than the cores. */
  graderWorkers: number | undefined;
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {}

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
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    databaseUrl: env.DATABASE_URL,
    admin: { email: env.ADMIN_EMAIL?.toLowerCase(), password: env.ADMIN_PASSWORD },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `C Programming Learning Hub <no-reply@${new URL(appUrl).hostname}>`, leaseMs: env.MAIL_LEASE_SECONDS * 1000 },
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ''),
    },
    uploadDir: env.UPLOAD_DIR,
    courseFeePaise: env.COURSE_FEE_PAISE,
    graderWorkers: env.GRADER_WORKERS ? Number(env.GRADER_WORKERS) : undefined,
    logLevel: env.LOG_LEVEL,
  };
}

/** Reads `.env` (when present) into the environment, without overriding what is already set. */
export function loadConfig(envFile = '.env'): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}
