// A live session as the pages see it: its state by the clock, its cover and its stream.
import type { LiveSession } from './store.ts';
import type { LiveStreams } from './streams.ts';

export type LiveState = 'upcoming' | 'live' | 'replay';

export const MEDIA_PATH = '/api/live/media';
const SAMPLE = /^sample:([a-z0-9-]{1,40})$/;

/** The art name of a sample stream, or undefined for an https playlist. */
export const sampleOf = (session: Pick<LiveSession, 'stream'>): string | undefined =>
  SAMPLE.exec(session.stream)?.[1];

export function stateOf(
  session: Pick<LiveSession, 'starts_at' | 'ends_at'>,
  now: number,
): LiveState {
  if (now < session.starts_at) return 'upcoming';
  return now < session.ends_at ? 'live' : 'replay';
}

/** The sample's poster when a session was made without a cover. */
export function defaultCover(stream: string): string {
  const sample = sampleOf({ stream });
  return sample ? `${MEDIA_PATH}/${sample}.jpg` : '';
}

/** What the player plays: nothing before the start, the recording after the end. */
export function streamOf(session: LiveSession, now: number, streams: LiveStreams) {
  if (stateOf(session, now) === 'upcoming') return { state: 'none' as const, src: '' };
  const sample = sampleOf(session);
  if (sample === undefined) return { state: 'ready' as const, src: session.stream };
  const state = streams.state(sample);
  if (state === 'ready') return { state, src: `${MEDIA_PATH}/${sample}.m3u8` };
  return { state: state === 'preparing' ? ('preparing' as const) : ('none' as const), src: '' };
}

export function sessionView(
  session: LiveSession,
  now: number,
  extra: { hostNick: string; online: number },
) {
  return {
    id: session.id,
    title: session.title,
    cover: session.cover,
    hostNick: extra.hostNick,
    state: stateOf(session, now),
    startsAt: session.starts_at,
    endsAt: session.ends_at,
    likes: session.likes,
    online: extra.online,
    campaignId: session.campaign_id,
  };
}

const ORDER: Record<LiveState, number> = { live: 0, upcoming: 1, replay: 2 };

/** On air first, then upcoming (soonest first), then replays (newest first). */
export function listOrder(now: number) {
  return (a: LiveSession, b: LiveSession): number => {
    const sa = stateOf(a, now);
    const sb = stateOf(b, now);
    if (sa !== sb) return ORDER[sa] - ORDER[sb];
    return sa === 'upcoming' ? a.starts_at - b.starts_at : b.starts_at - a.starts_at;
  };
}
