import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a pass in the background every `intervalMs` (a minute by default), never two at once: a pass still running
 * when the next is due is skipped. The timer does not keep the process alive; `stop` waits for a pass in progress.
 * The payment reconciler and the class reminders run this way.
 */
export class PeriodicJob<R extends object> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<R>,
    private readonly log: FastifyBaseLogger,
    /** Logs a pass's result when it says something happened. */
    private readonly report: (result: R) => string | undefined,
    private readonly intervalMs = 60_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass()
        .then((result) => {
          const message = this.report(result);
          const fields = { ...result } as Record<string, unknown>;
          if (message) this.log.info(fields, message);
        })
        .catch((error: unknown) => this.log.error({ err: error }, `${this.name} pass failed`))
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
