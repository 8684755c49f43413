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

/**
 * THE price formatter: fen as yuan with 2 decimals and the sign, 1000 -> "¥10.00", 1250 ->
 * "¥12.50". Every amount of money a page shows goes through it (a coupon's face value is the
 * server's own copy, "¥10 满99元可用", as printed on the coupon).
 */
export function price(fen: number): string {
  const whole = Math.round(Math.abs(fen));
  return `${fen < 0 ? '-' : ''}¥${Math.floor(whole / 100)}.${pad(whole % 100)}`;
}

/**
 * What an amount field keeps of what was typed: digits and one decimal point, at most 2 decimals
 * and 8 whole digits, no leading zeros ("012" -> "12", "1.234" -> "1.23", "1a" -> "1").
 */
export function amountInput(typed: string): string {
  const cleaned = typed.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let whole = dot === -1 ? cleaned : cleaned.slice(0, dot);
  const fraction =
    dot === -1
      ? null
      : cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, 8);
  if (fraction === null) return whole;
  return `${whole || '0'}.${fraction}`;
}

/** Fen from what a shopper types as yuan ("39.9" -> 3990, "39." -> 3900); NaN when not an amount. */
export function fenFromYuan(input: string): number {
  const trimmed = input.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
