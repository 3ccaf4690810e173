/**
 * The header's two disclosures (the person menu and, on a phone, the navbar) are `<details>` elements, so they
 * open with JavaScript off too. This module adds what `<details>` lacks, without React, for both the React header
 * (from an effect) and the static pages' island script: following a link inside closes it; a menu also closes on
 * Escape (focus returns to its summary) and on a click or focus outside `within`, and the arrow keys open it and
 * move between its items.
 */
export interface DisclosureOptions {
  /** Where clicks and focus keep it open, and where links close it (default: the details element). */
  within?: Element;
  /** A menu: Escape and a click or focus outside `within` close it (the phone's navbar stays open). */
  menu?: boolean;
  /** Selector of the items the arrow keys move between, inside `within`. */
  items?: string;
}

export function attachDisclosure(details: HTMLDetailsElement, options: DisclosureOptions = {}): () => void {
  const within = options.within ?? details;
  const summary = details.querySelector('summary');
  const close = () => {
    details.open = false;
  };

  const onOutside = (event: Event) => {
    if (details.open && !within.contains(event.target as Node)) close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !details.open) return;
    close();
    summary?.focus();
  };
  const onLink = (event: Event) => {
    if ((event.target as Element).closest('a')) close();
  };
  const onArrow = (event: KeyboardEvent) => {
    if (!options.items || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    details.open = true;
    const selector = options.items;
    // A React header shows the list on its next render: focus moves on the next frame.
    requestAnimationFrame(() => {
      const items = [...within.querySelectorAll<HTMLElement>(selector)];
      const current = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        current === -1 ? (step === 1 ? 0 : items.length - 1) : (current + step + items.length) % items.length;
      items[next]?.focus();
    });
  };

  if (options.menu) {
    document.addEventListener('click', onOutside);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('keydown', onKeyDown);
  }
  within.addEventListener('click', onLink);
  within.addEventListener('keydown', onArrow as EventListener);
  return () => {
    document.removeEventListener('click', onOutside);
    document.removeEventListener('focusin', onOutside);
    document.removeEventListener('keydown', onKeyDown);
    within.removeEventListener('click', onLink);
    within.removeEventListener('keydown', onArrow as EventListener);
  };
}
