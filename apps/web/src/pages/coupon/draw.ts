// The share poster drawn on a canvas (2x for sharp text) and turned into a PNG data URL, so the
// shopper can long-press the image to save it: title, the coupon, who sends it, a QR code of
// the gift link.
import { qrDataUrl } from '../campaign-kit/qr.ts';

export interface PosterContent {
  title: string;
  subtitle: string;
  valueText: string;
  thresholdText: string;
  couponName: string;
  nickname: string;
  link: string;
}

export const POSTER_SIZE = { width: 600, height: 960 } as const;

/** Splits text into lines no wider than maxWidth (Chinese wraps anywhere; measure decides). */
export function wrapLines(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
  maxLines = 3,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && measure(line + char) > maxWidth) {
      lines.push(line);
      line = '';
      if (lines.length === maxLines) break;
    }
    line += char;
  }
  if (line && lines.length < maxLines) lines.push(line);
  return lines;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image failed to load'));
    image.src = src;
  });
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

const FONT = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

export async function drawPoster(content: PosterContent): Promise<string> {
  const { width, height } = POSTER_SIZE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas is not available');

  const background = ctx.createLinearGradient(0, 0, 0, height);
  background.addColorStop(0, '#ff8a3d');
  background.addColorStop(1, '#ff4d1f');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);

  ctx.textAlign = 'center';
  ctx.fillStyle = '#fff';
  ctx.font = `600 30px ${FONT}`;
  ctx.fillText(`${content.nickname || '好友'} 送你一份零食福利`, width / 2, 80);
  ctx.font = `700 52px ${FONT}`;
  ctx.fillText(content.title, width / 2, 158);
  ctx.font = `26px ${FONT}`;
  wrapLines(content.subtitle, width - 120, (s) => ctx.measureText(s).width, 2).forEach((line, i) =>
    ctx.fillText(line, width / 2, 210 + i * 38),
  );

  // The coupon.
  ctx.fillStyle = '#fff8f0';
  roundRect(ctx, 60, 290, width - 120, 220, 24);
  ctx.fill();
  ctx.fillStyle = '#ff4d1f';
  ctx.font = `700 96px ${FONT}`;
  ctx.fillText(content.valueText, width / 2, 400);
  ctx.font = `600 30px ${FONT}`;
  ctx.fillText(content.thresholdText, width / 2, 450);
  ctx.fillStyle = '#7a3b12';
  ctx.font = `24px ${FONT}`;
  ctx.fillText(content.couponName, width / 2, 488);

  // The QR code of the gift link.
  ctx.fillStyle = '#fff';
  roundRect(ctx, 60, 550, width - 120, 360, 24);
  ctx.fill();
  const qr = await loadImage(await qrDataUrl(content.link));
  ctx.drawImage(qr, (width - 240) / 2, 580, 240, 240);
  ctx.fillStyle = '#333';
  ctx.font = `26px ${FONT}`;
  ctx.fillText('长按识别二维码，领取优惠券', width / 2, 862);
  ctx.fillStyle = '#999';
  ctx.font = `20px ${FONT}`;
  ctx.fillText('零食铺子 · 好吃不贵', width / 2, 896);

  return canvas.toDataURL('image/png');
}
