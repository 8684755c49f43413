// QR codes (uqr, as SVG): the coupon code for the store's scanner, the link on a share poster.
import { renderSVG } from 'uqr';

/** The QR code as an SVG data URL: sharp at any size, and usable as an <img> or on a canvas. */
export function qrDataUrl(text: string): Promise<string> {
  const svg = renderSVG(text, { ecc: 'M', border: 1 });
  return Promise.resolve(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
}
