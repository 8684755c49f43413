// The share sheet's poster: the campaign's picture, title and description and a QR code of the
// share link, drawn on a canvas at 2x (600 × 900) and handed back as a PNG data URL. Shown as an
// <img>, it is what a phone browser lets a shopper long-press and save, or screenshot, to post in
// an app that takes no links. Pictures of other origins are left out rather than taint the canvas.
import { renderSVG } from 'uqr';
import type { ShareContent } from '../share/share.ts';

export const SHARE_POSTER = { width: 600, height: 900 } as const;
const FONT = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** Lines of `text` no wider than `max` (Chinese wraps anywhere), at most `limit` of them. */
function lines(ctx: CanvasRenderingContext2D, text: string, max: number, limit: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && ctx.measureText(line + char).width > max) {
      out.push(line);
      line = '';
      if (out.length === limit) return out;
    }
    line += char;
  }
  if (line) out.push(line);
  return out;
}

export async function drawSharePoster(content: ShareContent): Promise<string> {
  const { width, height } = SHARE_POSTER;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');

  const brand = ctx.createLinearGradient(0, 0, width, height);
  brand.addColorStop(0, '#ff8a4c');
  brand.addColorStop(1, '#c4360f');
  ctx.fillStyle = brand;
  ctx.fillRect(0, 0, width, height);

  // The card: picture, title, description.
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.roundRect(40, 40, width - 80, height - 80, 28);
  ctx.fill();
  ctx.fillStyle = '#fff5ef';
  ctx.beginPath();
  ctx.roundRect(70, 70, width - 140, 260, 20);
  ctx.fill();
  const picture =
    content.imgUrl && sameOrigin(content.imgUrl) ? await loadImage(content.imgUrl) : null;
  if (picture) ctx.drawImage(picture, width / 2 - 110, 90, 220, 220);

  ctx.textAlign = 'center';
  ctx.fillStyle = '#222';
  ctx.font = `700 40px ${FONT}`;
  let y = 390;
  const title = lines(ctx, content.title, width - 160, 2);
  for (const line of title) {
    ctx.fillText(line, width / 2, y);
    y += 52;
  }
  ctx.fillStyle = '#555';
  ctx.font = `26px ${FONT}`;
  // Two lines of title leave room for one of description above the QR code.
  for (const line of lines(ctx, content.description, width - 160, title.length > 1 ? 1 : 2)) {
    ctx.fillText(line, width / 2, y);
    y += 38;
  }

  // The QR code of the link, and what to do with it.
  const qr = await loadImage(
    `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(content.link, { ecc: 'M', border: 1 }))}`,
  );
  const qrSize = 220;
  const qrTop = height - 80 - qrSize - 80;
  if (qr) ctx.drawImage(qr, width / 2 - qrSize / 2, qrTop, qrSize, qrSize);
  ctx.fillStyle = '#c4360f';
  ctx.font = `26px ${FONT}`;
  ctx.fillText('长按识别二维码，一起来参与', width / 2, qrTop + qrSize + 46);
  return canvas.toDataURL('image/png');
}
