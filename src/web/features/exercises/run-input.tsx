import type { ProgramFile } from '../../../contracts/exercises';
import { Textarea } from '../../components/form-kit';

/** What Run gives the program: the input typed here, and the first example's input files (named under it). */
export function RunInput({
  stdin,
  onChange,
  files,
}: {
  stdin: string;
  onChange: (stdin: string) => void;
  files: ProgramFile[];
}) {
  return (
    <Textarea
      id="run-stdin"
      containerClassName=""
      labelClassName="form-label mt-3"
      label="Input for Run (what your program reads with scanf)"
      className="form-control code-input"
      rows={3}
      value={stdin}
      onChange={(e) => onChange(e.target.value)}
      spellCheck={false}
      hint={
        files.length > 0
          ? `Run also puts the files of example 1 in your program’s folder: ${files.map((f) => f.name).join(', ')}.`
          : undefined
      }
    />
  );
}
