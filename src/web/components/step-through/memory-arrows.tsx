import { type RefObject, useLayoutEffect, useState } from 'react';

interface Arrow {
  d: string;
  dangling: boolean;
}

/**
 * Arrows from each pointer cell to the cell it points at (or, between cells, its variable's or block's box), drawn
 * over the memory view once it is laid out, and again when its size changes.
 */
export function MemoryArrows({ container, step }: { container: RefObject<HTMLDivElement | null>; step: number }) {
  const [arrows, setArrows] = useState<Arrow[]>([]);
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const draw = () => {
      const box = root.getBoundingClientRect();
      const next: Arrow[] = [];
      for (const from of root.querySelectorAll<HTMLElement>('[data-points]')) {
        const [region, offset] = from.dataset.points!.split(':');
        const to =
          root.querySelector<HTMLElement>(`[data-cell="${region}:${offset}"]`) ??
          root.querySelector<HTMLElement>(`[data-region="${region}"]`);
        if (!to) continue;
        const a = from.getBoundingClientRect();
        const b = to.getBoundingClientRect();
        const x1 = a.left + a.width / 2 - box.left;
        const y1 = a.top + a.height / 2 - box.top;
        const x2 = b.left - box.left;
        const y2 = b.top + Math.min(b.height / 2, 12) - box.top;
        const bend = Math.max(40, Math.abs(y2 - y1) / 3);
        next.push({
          d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`,
          dangling: from.classList.contains('trace-dangling'),
        });
      }
      setArrows(next);
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(root);
    return () => observer.disconnect();
  }, [container, step]);
  return (
    <svg className="trace-arrows" aria-hidden="true">
      <defs>
        <marker id="trace-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
        </marker>
      </defs>
      {arrows.map((arrow, index) => (
        <path
          key={index}
          d={arrow.d}
          className={arrow.dangling ? 'trace-arrow trace-arrow-dangling' : 'trace-arrow'}
          markerEnd="url(#trace-head)"
        />
      ))}
    </svg>
  );
}
