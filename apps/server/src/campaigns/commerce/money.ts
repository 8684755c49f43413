// Money is integer fen everywhere; these are the only conversions to and from yuan text.

/** 12345 → '123.45' (prices are shown with 2 decimals, spec section 9). */
export function yuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`not a whole number of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '123.45' → 12345; undefined for anything that is not a plain non-negative amount in yuan. */
export function fenOf(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
