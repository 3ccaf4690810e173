/** Per-IP limits of the routes attackers like (per-account limits live in the accounts service). */
export interface IpRateLimits {
  login: number;
  signup: number;
  email: number;
}

export const defaultIpRateLimits: IpRateLimits = { login: 20, signup: 20, email: 10 };

export const ipWindow = {
  login: '1 minute',
  signup: '10 minutes',
  email: '10 minutes',
} as const;

export function rateLimit(limits: IpRateLimits, kind: keyof IpRateLimits) {
  return { rateLimit: { max: limits[kind], timeWindow: ipWindow[kind] } };
}
