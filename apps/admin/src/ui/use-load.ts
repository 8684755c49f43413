// The load-and-show pattern every page shares: run a call, keep its data, loading flag and
// error, and reload on demand (after a change) or when the inputs change.
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | undefined;
  reload(): void;
}

export function useLoad<T>(load: () => Promise<T>, inputs: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  // The call changes when its inputs do (a campaign id), not on every render.
  const run = useCallback(load, inputs);
  useEffect(() => {
    let current = true;
    setLoading(true);
    run().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(failure instanceof Error ? failure : new Error(String(failure)));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [run, round]);
  return { data, loading, error, reload: () => setRound((n) => n + 1) };
}
