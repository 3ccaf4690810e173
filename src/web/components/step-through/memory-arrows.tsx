import { type RefObject, useLayoutEffect, useState } from 'react';

interface Arrow {
  d: string;
  dangling: boolean;
}

/** Lanes in the gutter at the memory view's right edge (its padding), where arrows run up and down. */
const LANES = 5;
const LANE_GAP = 5;

/**
 * An arrow's way around the values (orthogonal): down from the pointer to the gap under its own row, along that gap
 * to a lane in the right-hand gutter, up or down the lane to the target's height, and left into the target's right
 * edge. Rows never share a line with another row's values, and nothing stands right of a value in its row, so no
 * part crosses a value or a name.
 */
export function arrowPath(from: DOMRect, fromRow: DOMRect, to: DOMRect, box: DOMRect, lane: number): string {
  const x1 = from.left + from.width / 2 - box.left;
  const y1 = from.top + from.height / 2 - box.top;
  const below = fromRow.bottom - box.top + 3;
  const gutter = box.width - LANE_GAP * (1 + (lane % LANES));
  const y2 = to.top + Math.min(to.height / 2, 12) - box.top;
  const x2 = to.right - box.left + 1;
  return `M${x1},${y1} V${below} H${gutter} V${y2} H${x2}`;
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
        const row = from.closest<HTMLElement>('.trace-region') ?? from;
        next.push({
          d: arrowPath(
            from.getBoundingClientRect(),
            row.getBoundingClientRect(),
            to.getBoundingClientRect(),
            box,
            next.length,
          ),
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
