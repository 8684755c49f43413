// The loading skeleton as HTML text, for the first frame a route's document paints before any
// script has run (issue 24, decision 0074): the web build writes it per route into
// route-preloads.json and the server puts it inside <div id="root">. React's first commit
// replaces it with <PageLoading>, which renders the same markup (shell/loadingShell.test.tsx
// holds the two together), so the shopper sees the page's title from the first paint on.
// Its classes are global (shell/global.css), not CSS modules: the server cannot know hashed names.

/** The class names PageLoading and this markup share. */
export const LOADING_CLASSES = {
  root: 'morsel-loading',
  hero: 'morsel-loading-hero',
  title: 'morsel-loading-title',
  card: 'morsel-loading-card',
} as const;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** What `renderToStaticMarkup(<PageLoading title={title} />)` gives, without React. */
export function loadingShellHtml(title: string): string {
  const c = LOADING_CLASSES;
  return (
    `<div class="${c.root}" role="status" aria-label="加载中">` +
    `<div class="${c.hero}"><p class="${c.title}">${escapeHtml(title)}</p></div>` +
    `<div class="${c.card}"><span></span><span></span><span></span></div>` +
    `<div class="${c.card}"><span></span><span></span></div>` +
    `</div>`
  );
}
