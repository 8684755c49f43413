// The SDK's logger: the spec's levels, printed to the console at or above the chosen level, and
// (when a log endpoint is known) sent as plain-text lines every 5 s, waiting 5 s longer after
// each failed post and back to 5 s after a good one.
import { LOGGING } from '@morsel/protocol';

export type LogLevel = (typeof LOGGING.levels)[number];
const RANK: Record<LogLevel, number> = { debug: 0, log: 1, info: 2, warn: 3, error: 4 };
/** Lines kept while the endpoint is unreachable; older ones are dropped first. */
const MAX_BUFFERED_LINES = 1000;

export interface LoggerOptions {
  level: LogLevel | 'off';
  /** Full URL of the plain-text log endpoint, query included; no upload when absent. */
  uploadUrl?: string;
  /** The login reply's uploadTicket; lines wait in the buffer until there is one. */
  uploadTicket?: string;
  console?: Pick<Console, LogLevel>;
  fetch?: typeof fetch;
}

/** The endpoint URL with the upload ticket in the query parameter the protocol names. */
export function withTicket(url: string, ticket: string): string {
  const withIt = new URL(url);
  withIt.searchParams.set(LOGGING.uploadTicketParam, ticket);
  return withIt.toString();
}

export class Logger {
  private buffer: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private intervalMs: number = LOGGING.flushIntervalMs;
  private flushing = false;

  constructor(private options: LoggerOptions) {
    this.schedule();
  }

  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  log(...args: unknown[]) {
    this.write('log', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }

  setOptions(options: Partial<LoggerOptions>): void {
    this.options = { ...this.options, ...options };
    this.schedule();
  }

  /** The wait before the next upload, for tests and diagnostics. */
  get nextFlushInMs(): number {
    return this.intervalMs;
  }

  get pendingLines(): number {
    return this.buffer.length;
  }

  /** Sends the buffered lines now; resolves false when the endpoint refused or timed out. */
  async flush(): Promise<boolean> {
    const { uploadUrl, uploadTicket } = this.options;
    if (!uploadUrl || !uploadTicket || this.buffer.length === 0 || this.flushing) return true;
    this.flushing = true;
    const lines = this.buffer;
    this.buffer = [];
    const doFetch = this.options.fetch ?? globalThis.fetch;
    try {
      const response = await doFetch(withTicket(uploadUrl, uploadTicket), {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: lines.join('\n'),
        signal: AbortSignal.timeout(LOGGING.postTimeoutMs),
      });
      if (!response.ok) throw new Error(`log endpoint answered ${response.status}`);
      this.intervalMs = LOGGING.flushIntervalMs;
      return true;
    } catch {
      this.buffer = [...lines, ...this.buffer].slice(-MAX_BUFFERED_LINES);
      this.intervalMs += LOGGING.flushBackoffStepMs;
      return false;
    } finally {
      this.flushing = false;
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private write(level: LogLevel, args: unknown[]): void {
    if (this.options.level === 'off' || RANK[level] < RANK[this.options.level]) return;
    (this.options.console ?? console)[level]('[morsel-im]', ...args);
    if (!this.options.uploadUrl) return;
    const text = args.map((a) => (typeof a === 'string' ? a : safeJson(a))).join(' ');
    this.buffer.push(`${new Date().toISOString()} ${level} ${text}`);
    if (this.buffer.length > MAX_BUFFERED_LINES) this.buffer.shift();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (!this.options.uploadUrl) return;
    this.timer = setTimeout(async () => {
      await this.flush();
      this.schedule();
    }, this.intervalMs);
    (this.timer as { unref?: () => void }).unref?.();
  }
}

function safeJson(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
