import type { ReactNode } from 'react';
import { type Home } from '../../../contracts/home';

export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card h-100" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function ProgressBar({ label, done, of, text }: { label: string; done: number; of: number; text: string }) {
  const percent = of > 0 ? Math.round((done * 100) / of) : 0;
  const id = `progress-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span id={id}>{label}</span>
        <span className="fw-semibold">{text}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby={id}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={text}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function Progress({ progress }: { progress: Home['progress'] }) {
  const quiz = progress.self_assessment;
  return (
    <Card id="progress-heading" title="Progress">
      <ProgressBar
        label="Classes"
        done={progress.sessions.done}
        of={progress.sessions.of}
        text={
          progress.sessions.of === 0
            ? 'No class held yet'
            : `${progress.sessions.done} of ${progress.sessions.of} sessions attended`
        }
      />
      <ProgressBar
        label="Programs"
        done={progress.programs.done}
        of={progress.programs.of}
        text={`${progress.programs.done} of ${progress.programs.of} programs solved`}
      />
      <ProgressBar
        label="Self-assessment"
        done={quiz?.score ?? 0}
        of={quiz?.total ?? 0}
        text={quiz ? `Best score ${quiz.score} of ${quiz.total}` : 'Not taken yet'}
      />
    </Card>
  );
}
