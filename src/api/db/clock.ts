/** ISO timestamp helpers: the one representation both databases store (docs/decisions/003). */
export function nowIso(now = new Date()): string {
  return now.toISOString();
}

export function isoAfter(ms: number, now = new Date()): string {
  return new Date(now.getTime() + ms).toISOString();
}
