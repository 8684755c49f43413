// PostgreSQL text cannot hold U+0000: a NUL in any stored or compared field failed there with a
// 500 while SQLite accepted it, so the two engines disagreed. No field of the HTTP APIs or the IM
// protocol has a use for NUL, so both refuse it before any handler runs (HTTP 400, IM 414).

export const NUL_MESSAGE = 'parameters must not contain the NUL character (U+0000)';

/** True when a string anywhere in `value` (keys included) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 64)
    return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}
