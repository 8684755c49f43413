// Rich text of a CMS page, made safe on the server before any browser sees it. sanitize-html
// (a parser, not a pattern list) keeps a fixed allow-list of formatting tags; scripts, styles
// sheets, event handlers, iframes and `javascript:` links are dropped whatever the operator (or
// whoever holds the admin key) typed. Pictures and links must be https or of this site.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    // rel, target and loading are set by the transforms below.
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    span: ['style'],
    p: ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Colour, weight and alignment only: no positioning that could cover the page's own buttons.
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\d{1,3},\s*\d{1,3},\s*\d{1,3}\)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'text-align': [/^(left|right|center)$/],
    },
  },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link to another site opens a new tab without handing it `window.opener`; a link to a
    // page of this site stays in the app (the page routes it without a reload).
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href?.startsWith('https://')
        ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' }
        : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

// Pages are read far more often than changed: keep the last results by their source.
const cache = new Map<string, string>();
const CACHE_ENTRIES = 200;

/** The operator's HTML with only the allowed tags, attributes, styles and https/site links. */
export function sanitizeRichText(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(html, clean);
  return clean;
}
