// One loading state for a campaign call: loading, ready (with the data), or failed with the
// message to show (the server's refusal, or the wrappers' "请求出错，请稍后再试"). Whether a
// failure can be retried is decided here, once, for every page: a call that got no answer
// (network, timeout, server error) may work next time; a refusal the server answered (not found,
// not the shopper's, a dead share link) will not, so it offers no retry.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSuccess, LoginInvalid, type ApiEnvelope } from '../../request/types.ts';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string; code: number; retryable: boolean };

/** The code of a call that got no answer (RequestFailure): the only kind a retry can change. */
export const NO_ANSWER = -500;

export interface RemoteHandle<T> {
  remote: Remote<T>;
  /** Loads again; keeps showing the current data while it does (no flash of the spinner). */
  refresh: () => void;
  /** Loads again from the spinner (the retry button of the failed state). */
  retry: () => void;
  /** Replaces the data after an action answered the new state. */
  setData: (update: (data: T) => T) => void;
}

export function useRemote<T>(
  load: () => Promise<ApiEnvelope<T>>,
  deps: readonly unknown[],
): RemoteHandle<T> {
  const [remote, setRemote] = useState<Remote<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    let live = true;
    loader
      .current()
      .then((reply) => {
        if (!live) return;
        if (isSuccess(reply)) setRemote({ status: 'ready', data: reply.data });
        else
          setRemote({
            status: 'failed',
            message: reply.message,
            code: Number(reply.code),
            retryable: false,
          });
      })
      .catch((error: unknown) => {
        // LoginInvalid has already sent the shopper to login.
        if (live && !(error instanceof LoginInvalid))
          setRemote({
            status: 'failed',
            message: (error as Error).message,
            code: NO_ANSWER,
            retryable: true,
          });
      });
    return () => {
      live = false;
    };
  }, [round, ...deps]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const retry = useCallback(() => {
    setRemote({ status: 'loading' });
    setRound((n) => n + 1);
  }, []);
  const setData = useCallback(
    (update: (data: T) => T) =>
      setRemote((current) =>
        current.status === 'ready' ? { status: 'ready', data: update(current.data) } : current,
      ),
    [],
  );
  return { remote, refresh, retry, setData };
}

/** Runs an action call: the envelope on an answer, null when it failed or sent to login (already told). */
export async function runAction<T>(
  call: () => Promise<ApiEnvelope<T>>,
  onFailure: (message: string) => void,
): Promise<ApiEnvelope<T> | null> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof LoginInvalid)) onFailure((error as Error).message);
    return null;
  }
}
