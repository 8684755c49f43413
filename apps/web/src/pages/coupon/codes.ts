// The redemption code drawn for the store's scanner: a QR code (campaign-kit/qr.ts) and a Code 128 barcode
// (JsBarcode's CODE128 encoder, which picks code set C for digits), both carrying the coupon's 16
// digits. The barcode is drawn here as SVG bars: JsBarcode's own entry point bundles every
// symbology and renderer, about 8 kB gzip this page does not need.
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';

export { qrDataUrl } from '../campaign-kit/qr.ts';

/** The modules of a Code 128 symbol, '1' a bar and '0' a space, start and stop codes included. */
export function code128Modules(code: string): string {
  const symbol = new CODE128(code, {});
  if (!symbol.valid()) throw new Error(`cannot encode ${code} as Code 128`);
  return symbol.encode().data;
}

/** Runs of bars as [start, width] in modules, for drawing one rect per bar. */
export function barRuns(modules: string): [number, number][] {
  const runs: [number, number][] = [];
  for (const match of modules.matchAll(/1+/g)) runs.push([match.index, match[0].length]);
  return runs;
}

/** 1234567890123456 -> "1234 5678 9012 3456", easier to read out at the till. */
export function groupCode(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ');
}
