/** ISO timestamp helpers: the one representation both databases store (docs/decisions/003). */
export function nowIso(now: Date): string {
  return now.toISOString();
}

export function isoAfter(ms: number, now: Date): string {
  return new Date(now.getTime() + ms).toISOString();
}
