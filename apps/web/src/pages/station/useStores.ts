// The store list of the station pages: nearest first from the shopper's position, or a city's
// stores when there is none (denied, unavailable, or a city the shopper picked). Pages load on
// 加载更多; a new position or city starts the list again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';

export type StoreList = DataOf<'station.nearby'>;
export type Store = StoreList['stores'][number];

export type Source = { lat: number; lng: number } | { city: string } | null;

export interface StoresState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  stores: Store[];
  total: number;
  hasMore: boolean;
  by: StoreList['by'] | null;
  city: StoreList['city'];
  message: string;
  /** A next page being loaded (the list stays on screen). */
  more: boolean;
}

const EMPTY: StoresState = {
  status: 'idle',
  stores: [],
  total: 0,
  hasMore: false,
  by: null,
  city: null,
  message: '',
  more: false,
};

export function useStores(source: Source, pageSize = 10) {
  const [state, setState] = useState<StoresState>(EMPTY);
  const page = useRef(1);
  const key = JSON.stringify(source);
  const request = useRef(0);

  const load = useCallback(
    async (next: number) => {
      if (!source) return;
      const mine = ++request.current;
      setState((s) => (next === 1 ? { ...EMPTY, status: 'loading' } : { ...s, more: true }));
      const where =
        'city' in source
          ? { city: source.city }
          : { lat: String(source.lat), lng: String(source.lng) };
      try {
        const reply = await api.call('station.nearby', {
          ...where,
          page: String(next),
          pageSize: String(pageSize),
        });
        if (mine !== request.current) return;
        if (!isSuccess(reply)) {
          setState((s) => ({
            ...s,
            status: next === 1 ? 'failed' : s.status,
            more: false,
            message: reply.message,
          }));
          return;
        }
        page.current = next;
        const data = reply.data;
        setState((s) => ({
          status: 'ready',
          stores: next === 1 ? data.stores : [...s.stores, ...data.stores],
          total: data.total,
          hasMore: data.hasMore,
          by: data.by,
          city: data.city,
          message: '',
          more: false,
        }));
      } catch (error) {
        if (mine !== request.current) return;
        setState((s) => ({
          ...s,
          status: next === 1 ? 'failed' : s.status,
          more: false,
          message: (error as Error).message,
        }));
      }
    },
    [key, pageSize],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  return {
    state,
    loadMore: () => void load(page.current + 1),
    retry: () => void load(1),
  };
}
