/** Per-IP limits of the routes attackers like (per-account limits live in the accounts service). */
export interface IpRateLimits {
  login: number;
  signup: number;
  email: number;
  /** The private links of emails that change a setting without a login (a reminder's stop and start links). */
  links: number;
}

export const defaultIpRateLimits: IpRateLimits = { login: 20, signup: 20, email: 10, links: 20 };

export const ipWindow = {
  login: '1 minute',
  signup: '10 minutes',
  email: '10 minutes',
  links: '1 minute',
} as const;

export function rateLimit(limits: IpRateLimits, kind: keyof IpRateLimits) {
  return { rateLimit: { max: limits[kind], timeWindow: ipWindow[kind] } };
}
