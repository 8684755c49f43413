import { describeCode } from '@morsel/protocol';

/**
 * A refusal a handler answers with: the reply carries the code, the message and any extra
 * fields (for 416, the blocking duration in seconds).
 */
export class CommandError extends Error {
  constructor(
    readonly code: number,
    message: string = describeCode(code),
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CommandError';
  }
}
