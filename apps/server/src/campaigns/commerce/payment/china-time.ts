// The time formats the providers want, in Asia/Shanghai (UTC+8, no daylight saving).

const CHINA_OFFSET_MS = 8 * 3600_000;

/** 2026-11-25T20:30:00+08:00 (WeChat Pay's time_expire, RFC 3339). */
export function rfc3339China(ms: number): string {
  return `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** 2026-11-25 20:30:00 (Alipay's timestamp and time_expire). */
export function alipayTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 20261125203000: the first 14 digits of an order number. */
export function compactChinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace(/\D/g, '');
}
