// The brand poster (/activity/communityVideo/brandPoster): a 750 x 1334 PNG drawn on the server
// from the brand settings, so the same picture is long-pressed in WeChat, downloaded in a browser
// and linked from anywhere. The brand film's poster frame sits in the middle and a QR code of the
// brand film page at the bottom. sharp renders the SVG with the system's fonts (Noto Sans CJK,
// installed by scripts/ensure-system.sh).
import sharp from 'sharp';
import { renderSVG } from 'uqr';

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;

export interface BrandPosterInput {
  headline: string;
  slogan: string;
  footer: string;
  /** The brand film's poster frame (JPEG or PNG bytes), or none. */
  frame: Buffer | undefined;
  /** The absolute URL the QR code opens. */
  link: string;
}

const FONT = "'Noto Sans CJK SC','Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The QR code's modules as an SVG group of `size` pixels, placed at (x, y). */
function qrGroup(link: string, x: number, y: number, size: number): string {
  const svg = renderSVG(link, { border: 1, pixelSize: 10 });
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 100 100';
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${viewBox}">${inner}</svg>`;
}

export async function renderBrandPoster(input: BrandPosterInput): Promise<Buffer> {
  const frame = input.frame
    ? `data:image/jpeg;base64,${(await sharp(input.frame).resize(670, 377, { fit: 'cover' }).jpeg({ quality: 88 }).toBuffer()).toString('base64')}`
    : undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#e8590c"/>
      <stop offset="1" stop-color="#8a1f04"/>
    </linearGradient>
    <clipPath id="frame"><rect x="40" y="380" width="670" height="377" rx="24"/></clipPath>
  </defs>
  <rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#bg)"/>
  <circle cx="660" cy="120" r="180" fill="#fff" opacity="0.07"/>
  <circle cx="60" cy="900" r="220" fill="#fff" opacity="0.05"/>
  <text x="60" y="210" font-family="${FONT}" font-size="88" font-weight="700" fill="#fff">${escapeXml(input.headline)}</text>
  <text x="62" y="290" font-family="${FONT}" font-size="40" fill="#ffe8cc">${escapeXml(input.slogan)}</text>
  ${
    frame
      ? `<image x="40" y="380" width="670" height="377" href="${frame}" clip-path="url(#frame)" preserveAspectRatio="xMidYMid slice"/>`
      : `<rect x="40" y="380" width="670" height="377" rx="24" fill="#fff" opacity="0.15"/>`
  }
  <rect x="40" y="1000" width="670" height="270" rx="24" fill="#fff"/>
  ${qrGroup(input.link, 70, 1030, 210)}
  <text x="310" y="1110" font-family="${FONT}" font-size="34" font-weight="700" fill="#333">${escapeXml(input.footer)}</text>
  <text x="310" y="1170" font-family="${FONT}" font-size="28" fill="#666">长按识别二维码</text>
  <text x="310" y="1214" font-family="${FONT}" font-size="28" fill="#666">观看品牌视频</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
