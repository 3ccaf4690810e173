import type { ReactNode } from 'react';

/**
 * A table wider than the screen scrolls sideways inside this box instead of widening the page (a 360 px phone
 * never scrolls sideways). The box is a named region the keyboard can reach, so it can be scrolled without a
 * pointer and a screen reader says what it holds.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`table-responsive scroll-region${className ? ` ${className}` : ''}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
