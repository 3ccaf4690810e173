import type { RegionState, StepState } from '../../../contracts/trace-replay';
import { pointedLiterals, type StepMemory, type ValueView } from '../../../contracts/trace-values';
import type { Trace } from '../../../contracts/trace';

const HEAP_SHOWN = 100;
const FRAMES_SHOWN = 30;

/** One value: a cell (a number, a char, a pointer), a row of cells (an array), a box of fields (a struct). */
function Value({ region, value }: { region: number; value: ValueView }) {
  const cell = `${region}:${value.offset}`;
  switch (value.kind) {
    case 'scalar':
      return (
        <span className={`trace-cell${value.unset ? ' trace-unset' : ''}`} data-cell={cell}>
          {value.text}
        </span>
      );
    case 'pointer':
      return (
        <span
          className={`trace-cell trace-pointer trace-${value.status}`}
          data-cell={cell}
          data-points={value.target ? `${value.target.region}:${value.target.offset}` : undefined}
          title={value.text}
        >
          {value.status === 'live' ? <span aria-hidden="true">●</span> : null}
          <span className={value.status === 'live' ? 'visually-hidden' : undefined}>{value.text}</span>
        </span>
      );
    case 'array':
      return (
        <span className="trace-array" data-cell={cell}>
          {value.items.map((item, index) => (
            <span className="trace-item" key={item.offset}>
              <span className="trace-index">{index}</span>
              <Value region={region} value={item} />
            </span>
          ))}
          {value.more > 0 ? <span className="trace-more">… {value.more} more</span> : null}
          {value.text ? <span className="trace-string">{value.text}</span> : null}
        </span>
      );
    case 'struct':
      return (
        <span className="trace-struct" data-cell={cell}>
          {value.fields.map((field) => (
            <span className="trace-field" key={field.name}>
              <span className="trace-field-name">{field.name}</span>
              <Value region={region} value={field.value} />
            </span>
          ))}
        </span>
      );
    default:
      return (
        <span className="trace-cell" data-cell={cell}>
          {value.text}
        </span>
      );
  }
}

function Region({
  region,
  memory,
  label,
  leaked = false,
}: {
  region: RegionState;
  memory: StepMemory;
  label?: string;
  leaked?: boolean;
}) {
  return (
    <div
      className={`trace-region${region.kind === 'heap' ? ' trace-heap-block' : ''}${region.status !== 'live' ? ' trace-freed' : ''}${leaked ? ' trace-leaked' : ''}`}
      data-region={region.id}
    >
      <span className="trace-name">
        {label ?? memory.name(region)}
        {leaked ? <span className="badge text-bg-danger ms-1">never freed</span> : null}
      </span>
      {region.status === 'live' ? (
        <Value region={region.id} value={memory.value(region)} />
      ) : (
        <span className="trace-cell">freed</span>
      )}
    </div>
  );
}

/**
 * The call stack (outermost first), the heap and the globals of one step; at the end of a run (`ended`), each block
 * still on the heap is marked as never freed.
 */
export function MemoryView({
  trace,
  state,
  memory,
  ended = false,
}: {
  trace: Trace;
  state: StepState;
  memory: StepMemory;
  ended?: boolean;
}) {
  const regions = (ids: number[]) => ids.map((id) => state.regions.get(id)).filter((r) => r !== undefined);
  const globals = regions(state.globals);
  const allHeap = regions(state.heap);
  // A program that makes thousands of blocks shows the latest ones; the rest are counted.
  const heap = allHeap.slice(-HEAP_SHOWN);
  // The string literals the drawn values point at, each drawn once with its text (a literal is not a variable).
  const drawn = [...state.frames.slice(-FRAMES_SHOWN).flatMap((frame) => regions(frame.vars)), ...heap, ...globals];
  const literals = pointedLiterals(
    drawn.filter((region) => region.status === 'live').map((region) => memory.value(region)),
  );
  return (
    <>
      <h3 className="h6 mt-2">Call stack</h3>
      {state.frames.length === 0 ? <p className="small text-body-secondary">No function is running.</p> : null}
      {state.frames.length > FRAMES_SHOWN ? (
        <p className="small text-body-secondary">
          {state.frames.length - FRAMES_SHOWN} outer calls are not drawn; the innermost {FRAMES_SHOWN} are.
        </p>
      ) : null}
      {state.frames.slice(-FRAMES_SHOWN).map((frame, shown, frames) => (
        <section
          key={state.frames.length - frames.length + shown}
          className={`trace-frame${shown === frames.length - 1 ? ' trace-current' : ''}`}
          aria-label={`${trace.functions[frame.fn]}, line ${frame.line}`}
        >
          <p className="trace-frame-name">
            {trace.functions[frame.fn]} <span className="text-body-secondary small">line {frame.line}</span>
          </p>
          {regions(frame.vars).map((region) => (
            <Region key={region.id} region={region} memory={memory} />
          ))}
        </section>
      ))}
      <h3 className="h6 mt-3">Heap</h3>
      {heap.length === 0 ? <p className="small text-body-secondary">Nothing allocated.</p> : null}
      {ended && heap.some((region) => region.status === 'live') ? (
        <p className="small text-danger-emphasis">The program has ended: the blocks below were never freed.</p>
      ) : null}
      {allHeap.length > heap.length ? (
        <p className="small text-body-secondary">
          {allHeap.length - heap.length} earlier blocks are not drawn; the latest {HEAP_SHOWN} are.
        </p>
      ) : null}
      {heap.map((region) => (
        <Region
          key={region.id}
          region={region}
          memory={memory}
          label={`${memory.name(region)}, ${region.size} bytes${region.status === 'freed' ? ', freed' : ''}`}
          leaked={ended && region.status === 'live'}
        />
      ))}
      {globals.length > 0 ? <h3 className="h6 mt-3">Globals</h3> : null}
      {globals.map((region) => (
        <Region key={region.id} region={region} memory={memory} />
      ))}
      {literals.length > 0 ? <h3 className="h6 mt-3">String literals</h3> : null}
      {literals.map((literal) => (
        <div className="trace-region trace-literal" data-region={literal.region} key={literal.region}>
          <span className="trace-cell">{literal.text}</span>
        </div>
      ))}
    </>
  );
}
