/** The words around a count, shared by the screens and the emails. */

/**
 * "1 email", "2 emails", "0 students": a count with its noun, singular only for exactly one. Nouns that don't just
 * take an "s" pass their plural.
 */

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/** "1 byte", "740 bytes", "1.2 KB", "64 KB", "2.5 MB": a size as people read it (1 KB = 1,024 bytes, as the limits). */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}
