// A FIFO queue that runs at most `concurrency` asynchronous tasks at once (document 2, section 9:
// "task queue 100 concurrent" for the local database). Tasks start in the order they were added,
// which the database relies on: IndexedDB runs overlapping read-write transactions in the order
// they were created, so writes land in the order the SDK made them.
export class TaskQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError('concurrency must be a positive integer');
  }

  /** Tasks started and not yet settled. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a free slot. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Runs the task when a slot is free; settles as the task does. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        let result: Promise<T>;
        try {
          result = Promise.resolve(task());
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(resolve, reject).finally(() => this.finished());
      };
      if (this.running < this.concurrency) start();
      else this.waiting.push(start);
    });
  }

  /** Resolves once nothing runs and nothing waits. */
  onIdle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private finished(): void {
    this.running--;
    const next = this.waiting.shift();
    if (next) return next();
    if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
