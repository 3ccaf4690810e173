import type { FastifyBaseLogger } from 'fastify';
import type { RemindersService } from './reminders.service.js';

const INTERVAL_MS = 60_000;

/** Queues due class reminders once a minute in the background; `stop` waits for a pass in progress to end. */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly reminders: RemindersService,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = INTERVAL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.reminders
        .runOnce()
        .then((result) => {
          if (result.queued > 0 || result.withdrawn > 0) this.log.info(result, 'class reminders');
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'class reminder pass failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
