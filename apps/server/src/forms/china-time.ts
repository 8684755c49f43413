// Times as operators read them in exports: Asia/Shanghai, whatever the server's own zone.
const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** 2026-11-25 20:05:09 */
export function formatChinaTime(ms: number): string {
  return FORMAT.format(new Date(ms));
}
