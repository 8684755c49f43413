// Dates and amounts as the campaign pages show them (the phone's own time zone).

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-11-22 */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 2026-11-22 14:05 */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDay(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 2026.11.22 (coupon validity) */
export function formatDotDay(ms: number): string {
  return formatDay(ms).replaceAll('-', '.');
}

/** Fen as yuan without trailing zeros: 1000 -> "10", 1250 -> "12.5". */
export function yuan(fen: number): string {
  return String(Math.round(fen) / 100);
}

/** Fen from what a shopper types as yuan ("39.9" -> 3990); NaN when it is not an amount. */
export function fenFromYuan(input: string): number {
  const trimmed = input.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
