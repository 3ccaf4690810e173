/**
 * Topics of live supervision on the bus. A change to a student's program goes to its program's topic (the teacher's
 * supervision streams, which keep the student's batch or all batches) and, for a comment, to the student program's
 * own topic (the student's editor). A stream gathers what arrives within COALESCE_MS into one event, so a class
 * typing makes the teacher's page refetch a few times a second at most, not once per keystroke save.
 */
import type { LiveChange } from '../../contracts/exercises/supervision.js';
import type { Db } from '../db/schema.js';
import { type LiveBus, RESYNC } from './live-bus.js';

export const COALESCE_MS = 250;

/** What a program's topic carries: the change and the student's batch, for the streams that watch one batch. */
interface ProgramEvent extends LiveChange {
  batch: number | null;
}

const programTopic = (programNumber: number) => `program:${programNumber}`;
const studentProgramTopic = (studentProgramId: number) => `student-program:${studentProgramId}`;

/** Once `db`'s transaction commits (at once on a plain handle): tells the streams watching this student program. */
export function publishChange(
  bus: LiveBus,
  db: Db,
  sp: { id: number; program_number: number; student_batch: number | null },
  kind: LiveChange['kind'],
): void {
  const event: ProgramEvent = { student_program_id: sp.id, kind, batch: sp.student_batch };
  bus.publishAfterCommit(db, programTopic(sp.program_number), event);
  // What the teacher does to a student's program (a comment, a released grade) reaches the student's editor too.
  if (kind === 'comment' || kind === 'grade')
    bus.publishAfterCommit(db, studentProgramTopic(sp.id), { student_program_id: sp.id, kind });
}

/** Subscribes to topics and sends their changes in batches; an empty batch after a resync means "refetch all". */
function coalesced(
  bus: LiveBus,
  topic: string,
  accept: (payload: unknown) => LiveChange | undefined,
  send: (changes: LiveChange[]) => void,
): () => void {
  const pending = new Map<string, LiveChange>();
  let resync = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const changes = resync ? [] : [...pending.values()];
    pending.clear();
    resync = false;
    send(changes);
  };
  const schedule = () => {
    timer ??= setTimeout(flush, COALESCE_MS);
  };
  const stopTopic = bus.subscribe(topic, (payload) => {
    const change = accept(payload);
    if (!change) return;
    pending.set(`${change.student_program_id}:${change.kind}`, change);
    schedule();
  });
  const stopResync = bus.subscribe(RESYNC, () => {
    resync = true;
    schedule();
  });
  return () => {
    clearTimeout(timer);
    stopTopic();
    stopResync();
  };
}

/** The teacher's view of a program: every batch, or one. */
export function watchProgram(
  bus: LiveBus,
  programNumber: number,
  batch: number | undefined,
  send: (changes: LiveChange[]) => void,
): () => void {
  return coalesced(
    bus,
    programTopic(programNumber),
    (payload) => {
      const event = payload as ProgramEvent;
      if (batch !== undefined && event.batch !== batch) return undefined;
      return { student_program_id: event.student_program_id, kind: event.kind };
    },
    send,
  );
}

/** The student's editor: comments on their program. */
export function watchStudentProgram(
  bus: LiveBus,
  studentProgramId: number,
  send: (changes: LiveChange[]) => void,
): () => void {
  return coalesced(bus, studentProgramTopic(studentProgramId), (payload) => payload as LiveChange, send);
}
