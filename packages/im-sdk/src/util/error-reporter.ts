// Error statistics (document 2, "HTTP calls"): codes worth diagnosing (408, 415, 500) and
// connection failures are batched and posted as JSON with the device id, the event logs and
// device info, with a 2 s time-out. Reporting never throws into the application.
import { LOGGING, SDK_VERSION } from '@morsel/protocol';
import { withTicket } from '../logger.ts';

export interface ErrorEvent {
  event: string;
  time: number;
  code?: number;
  message?: string;
}

export interface ErrorReporterOptions {
  /** Full URL of the statistics endpoint, `?appkey=` included. */
  url: string;
  deviceId: string;
  deviceInfo: Record<string, string>;
  fetch?: typeof fetch;
  /** How long events gather before one post. */
  batchMs?: number;
}

/** The endpoint takes at most this many events per post. */
const MAX_EVENTS = 200;

export class ErrorReporter {
  private events: ErrorEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The login reply's uploadTicket; events wait (at most MAX_EVENTS) until there is one. */
  private ticket: string | undefined;

  constructor(private readonly options: ErrorReporterOptions) {}

  setTicket(ticket: string | undefined): void {
    this.ticket = ticket;
    if (ticket && this.events.length && !this.timer) this.schedule();
  }

  record(event: string, code?: number, message?: string): void {
    this.events.push({
      event,
      time: Date.now(),
      ...(code !== undefined && { code }),
      ...(message && { message: message.slice(0, 2048) }),
    });
    if (this.events.length > MAX_EVENTS) this.events.shift();
    if (!this.timer) this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.flush(), this.options.batchMs ?? 1000);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Posts what has gathered; resolves false when the endpoint refused or timed out. */
  async flush(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.events.length === 0) return true;
    // Before the first login there is no ticket: keep the events (bounded) for after it.
    if (!this.ticket) return false;
    const eventLogs = this.events.splice(0);
    const doFetch = this.options.fetch ?? globalThis.fetch;
    try {
      const response = await doFetch(withTicket(this.options.url, this.ticket), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          common: {
            deviceId: this.options.deviceId,
            sdkVersion: String(SDK_VERSION),
            platform: 'web',
          },
          eventLogs,
          deviceInfo: this.options.deviceInfo,
        }),
        signal: AbortSignal.timeout(LOGGING.errorReportTimeoutMs),
      });
      return response.ok;
    } catch {
      return false; // statistics are best effort: dropped rather than piled up
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
