// A campaign page's share content: set for the environment's own share button on entry, and
// shared on the page's share button through the shell's one share interface.
import { useEffect } from 'react';
import { setShareContent, shareNow, type ShareContent } from '../../share/share.ts';

export interface PageShare {
  path: string;
  title: string;
  description: string;
  image?: string;
}

const absolute = (url: string) => new URL(url, window.location.origin).href;

export function shareContentOf(share: PageShare): ShareContent {
  return {
    link: absolute(share.path),
    title: share.title,
    description: share.description,
    imgUrl: absolute(share.image ?? '/favicon.svg'),
  };
}

/** Keeps the environment's share button on this page's content; returns the page's share action. */
export function usePageShare(share: PageShare | null, onShared?: () => void): () => void {
  const key = share ? JSON.stringify(share) : '';
  useEffect(() => {
    if (share) setShareContent(shareContentOf(share));
  }, [key]);
  return () => shareNow(share ? shareContentOf(share) : undefined, onShared);
}
