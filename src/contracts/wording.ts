/** Small helpers for the words around numbers and long texts, shared by the screens and the emails. */

/**
 * "1 email", "2 emails", "0 students": a count with its noun, singular only for exactly one. Nouns that don't just
 * take an "s" pass their plural.
 */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/**
 * A text cut to at most `max` characters at a word boundary, with an ellipsis when something was cut: never in the
 * middle of a word (a single word longer than `max` is the one exception, cut where it must be).
 */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, Math.max(1, max - 1));
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}…`;
}
