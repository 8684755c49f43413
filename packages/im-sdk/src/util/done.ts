// NIM's callback convention beside promises: every method accepts `done(error, result)`.
export type Done<T> = (error: unknown, result?: T) => void;

/** Settles `done` from the promise as well, and returns the promise. */
export function withDone<T>(promise: Promise<T>, done?: Done<T>): Promise<T> {
  if (done) {
    promise.then(
      (result) => done(null, result),
      (error) => done(error),
    );
    // The caller chose callbacks: an unobserved rejection of the promise must not crash Node.
    promise.catch(() => {});
  }
  return promise;
}
