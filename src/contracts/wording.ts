/** The words around a count, shared by the screens and the emails. */

/**
 * "1 email", "2 emails", "0 students": a count with its noun, singular only for exactly one. Nouns that don't just
 * take an "s" pass their plural.
 */

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
