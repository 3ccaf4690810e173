import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A table wider than the screen scrolls sideways inside this box instead of widening the page (a 360 px phone
 * never scrolls sideways). The box is a named region the keyboard can reach, so it can be scrolled without a
 * pointer and a screen reader says what it holds. While its content is wider than the box, a line under it says
 * so: a table cut at the screen's edge otherwise looks complete.
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
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div
        ref={box}
        className={`table-responsive scroll-region${wider ? ' scrolls' : ''}${className ? ` ${className}` : ''}`}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
      {wider ? (
        <p className="scroll-hint small text-body-secondary" aria-hidden="true">
          More columns: scroll the table sideways →
        </p>
      ) : null}
    </>
  );
}
