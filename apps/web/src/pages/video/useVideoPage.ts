// The community video pages' one call (`video.page`), polled quietly while a sample video is
// still being encoded after the server started, so its player appears without a reload.
import { useEffect } from 'react';
import { api, type DataOf } from '../../request/api.ts';
import { useRemote } from '../campaign-kit/useRemote.ts';

export type VideoPageView = DataOf<'video.page'>;
export type Video = VideoPageView['videos'][number];

const PREPARING_POLL_MS = 3000;

export function useVideoPage() {
  const handle = useRemote(() => api.call('video.page'), []);
  const { remote, refresh } = handle;
  const preparing =
    remote.status === 'ready' && remote.data.videos.some((v) => v.state === 'preparing');
  useEffect(() => {
    if (!preparing) return;
    const timer = window.setInterval(refresh, PREPARING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [preparing, refresh]);
  return handle;
}

/** 0:06, 1:02:03. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
