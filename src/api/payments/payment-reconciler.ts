import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './payments.service.js';

const INTERVAL_MS = 60_000;

/** Runs reconciliation once a minute in the background; `stop` waits for a pass in progress to end. */
export class PaymentReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly payments: PaymentsService,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = INTERVAL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.payments
        .reconcileDue()
        .then((result) => {
          if (result.captured > 0) this.log.info(result, 'reconciliation found payments the site had missed');
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'reconciliation pass failed'))
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
