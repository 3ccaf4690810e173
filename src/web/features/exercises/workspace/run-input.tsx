import { type ChangeEvent, useState } from 'react';
import { EXERCISE_LIMITS, exerciseMessages } from '../../../../contracts/exercises/limits';
import { type ProgramFile } from '../../../../contracts/exercises/program-input';
import { argumentsText, parseArguments } from '../../../../contracts/exercises/results';
import { Input, Textarea } from '../../../components/form-kit';

/**
 * Run's input, its arguments and its files: the first example's at first (its files stay: a program that reads a
 * file can be tried). `input()` is what Run and Step through send.
 */
export function useRunInput(example: { stdin: string; args: string[]; files: ProgramFile[] } | undefined) {
  const [stdin, onChange] = useState(example?.stdin ?? '');
  const [args, onArgsChange] = useState(argumentsText(example?.args ?? []));
  const files = example?.files ?? [];
  const input = () => ({ stdin, files, args: parseArguments(args) });
  return { stdin, onChange, args, onArgsChange, files, input };
}

/**
 * What Run (and Step through) give the program: the input typed here, its command-line arguments (the first
 * example's at first), and the first example's input files (named under it).
 */
export function RunInput({
  stdin,
  onChange,
  args,
  onArgsChange,
  files,
}: {
  stdin: string;
  onChange: (stdin: string) => void;
  /** The arguments as typed: words apart by spaces, "quoted" to hold a space. */
  args: string;
  onArgsChange: (args: string) => void;
  files: ProgramFile[];
}) {
  return (
    <>
      <RunStdin stdin={stdin} onChange={onChange} files={files} />
      <Input
        id="run-args"
        containerClassName="mt-2"
        label="Arguments for Run (what your program gets in argv, after its name)"
        className="form-control code-input"
        value={args}
        onChange={(e) => onArgsChange(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        hint='Leave empty unless your program reads argv. Words are apart by spaces; put one in "quotes" to keep its spaces.'
      />
    </>
  );
}

function RunStdin({
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

/** "Load a .c file": the file's text replaces the editor's (refused over the code limit). */
export function LoadCFile({
  disabled,
  onText,
  onError,
}: {
  disabled: boolean;
  onText: (text: string) => void;
  onError: (message: string) => void;
}) {
  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > EXERCISE_LIMITS.codeMaxBytes) return onError(exerciseMessages.codeTooLarge);
    onText(await file.text());
  };
  return (
    <label className={`btn btn-outline-secondary mb-0 ${disabled ? 'disabled' : ''}`}>
      Load a .c file
      <input
        type="file"
        accept=".c,.h,text/x-c,text/plain"
        className="visually-hidden"
        disabled={disabled}
        onChange={(e) => void load(e)}
      />
    </label>
  );
}
