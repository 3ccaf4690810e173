import type { Trace } from '../../../contracts/trace.js';
import type { TraceMeta } from './instrument.js';
import type { Recorded } from './recorder.js';

/** What the view is sent: the program's variables and types (with its structs as measured) and what the run did. */
/** What the program holds apart from its run: its read-only data and its function table's names (run-worker.ts). */
export interface ProgramStatics {
  literals: Trace['literals'];
  functionTable: (string | null)[];
}

export function assembleTrace(
  meta: TraceMeta,
  recorded: Recorded,
  stdout: string,
  stdin: string,
  statics: ProgramStatics = { literals: null, functionTable: [] },
): Trace {
  const records = meta.records.map(({ name, fields }) => ({
    name,
    size: null as number | null,
    fields: fields.map((f) => ({ ...f })),
  }));
  for (const [record, size] of recorded.sizes) if (records[record]) records[record].size = size;
  for (const [record, field, offset] of recorded.layouts) {
    const known = records[record]?.fields[field];
    if (known) known.offset = offset;
  }
  return {
    functions: meta.functions,
    vars: meta.vars,
    types: meta.types,
    records,
    events: recorded.events,
    steps: recorded.steps,
    stdout,
    stdin,
    truncated: recorded.truncated,
    literals: statics.literals,
    functionTable: statics.functionTable,
  };
}
