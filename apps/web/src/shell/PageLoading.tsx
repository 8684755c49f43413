import { useServiceEntryPresence } from '../state/serviceEntry.ts';
import { LOADING_CLASSES as c } from './loadingShell.ts';

/**
 * While a page's chunk (or its first call) loads: a skeleton of a page (header band with the
 * route's title, two cards), CSS only, so the first route pulls in no animation library; the page
 * that follows has the same outline. The server's first frame of a route is this same markup
 * (shell/loadingShell.ts), so React's first commit changes nothing on screen.
 */
export function PageLoading({ title }: { title?: string }) {
  useServiceEntryPresence('loading');
  return (
    <div className={c.root} role="status" aria-label="加载中">
      <div className={c.hero}>{title && <p className={c.title}>{title}</p>}</div>
      <div className={c.card}>
        <span />
        <span />
        <span />
      </div>
      <div className={c.card}>
        <span />
        <span />
      </div>
    </div>
  );
}
