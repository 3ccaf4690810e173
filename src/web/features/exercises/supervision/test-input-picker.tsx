import { useQuery } from '@tanstack/react-query';
import type { ProgramFile } from '../../../../contracts/exercises/program-input';
import { Select } from '../../../components/form-kit';
import { programsQuery } from '../../../lib/programs-api';
import { exerciseQuery } from '../authoring/api';

/**
 * The teacher steps through a student's code with the input of one of the program's tests, hidden ones included
 * (a student steps through only the tests they can see).
 */
export function TestInputPicker({
  programNumber,
  id,
  onPick,
}: {
  programNumber: number;
  id: string;
  onPick: (input: { stdin: string; files: ProgramFile[] }) => void;
}) {
  const programs = useQuery(programsQuery());
  const programId = programs.data?.find((p) => p.program_number === programNumber)?.id;
  const exercise = useQuery({ ...exerciseQuery(programId ?? 0), enabled: programId !== undefined });
  const tests = exercise.data?.tests ?? [];
  if (tests.length === 0) return null;
  return (
    <Select
      id={id}
      label="Input of a test"
      containerClassName=""
      labelClassName="form-label small mb-0"
      className="form-select form-select-sm"
      defaultValue=""
      onChange={(event) => {
        const test = tests[Number(event.target.value)];
        if (test) onPick({ stdin: test.stdin, files: test.files });
      }}
    >
      <option value="">Choose a test…</option>
      {tests.map((test, index) => (
        <option key={index} value={index}>
          Test {index + 1}
          {test.visible ? '' : ' (hidden)'}
        </option>
      ))}
    </Select>
  );
}
