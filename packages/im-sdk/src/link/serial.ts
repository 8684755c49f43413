import { LINK } from '@morsel/protocol';

/** Serial numbers 1..32767, wrapping back to 1; 0 is the heartbeat's. */
export class SerialCounter {
  private last: number;

  constructor(start = 0) {
    this.last = start;
  }

  next(): number {
    this.last = this.last >= LINK.serialMax ? 1 : this.last + 1;
    return this.last;
  }
}
