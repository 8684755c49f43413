// Session tokens travel in places that get logged or stored: `?ut=` in a mini-program page's
// URL, `ut=` inside the native app's user agent (docs/native-bridge.md), the `ut` header and
// cookie. These helpers take the value out wherever text is kept, leaving the name so a reader
// still sees that a token was there.

/** `ut=<anything up to ; & space or )>` in a URL query, a user agent or a cookie header. */
const TOKEN_PAIR = /(^|[?&;\s(,])(ut|token)=[^&;\s),]*/gi;

export const REDACTED = '[redacted]';

export function redactTokens(text: string): string {
  return text.replace(
    TOKEN_PAIR,
    (_match, before: string, name: string) => `${before}${name}=${REDACTED}`,
  );
}
