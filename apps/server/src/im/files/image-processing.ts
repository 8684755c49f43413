// Applies checked image operations (packages/protocol image-ops.ts) with sharp, in order.
import sharp, { type Sharp } from 'sharp';
import type { ImageOp } from '@morsel/protocol';

export interface ImageResult {
  data: Buffer;
  format: string;
}

/** Largest picture accepted, in pixels: a decompression bomb must not take the server down. */
const MAX_PIXELS = 100_000_000;

const image = (input: Buffer) => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });

/** Each step is materialised, so crop and thumbnail see the size the previous step produced. */
async function step(input: Buffer, op: ImageOp): Promise<Buffer> {
  const img = image(input);
  const { width = 0, height = 0 } = await img.metadata();
  const apply = (s: Sharp) => s.keepMetadata().toBuffer();
  switch (op.type) {
    case 'blur':
      // sharp takes a Gaussian sigma: the radius covers about three sigmas when none is given.
      return apply(img.blur(Math.max(0.3, op.sigma > 0 ? op.sigma : op.radius / 3)));
    case 'crop': {
      const left = Math.min(op.x, width - 1);
      const top = Math.min(op.y, height - 1);
      // Width or height 0 (or past the edge) means as far as the picture goes.
      const w = op.width === 0 ? width - left : Math.min(op.width, width - left);
      const h = op.height === 0 ? height - top : Math.min(op.height, height - top);
      return apply(img.extract({ left, top, width: w, height: h }));
    }
    case 'rotate':
      return apply(img.rotate(op.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }));
    case 'thumbnail': {
      if (op.mode === 'contain')
        return apply(img.resize(op.width || undefined, op.height || undefined, { fit: 'inside' }));
      if (op.mode === 'cover') return apply(img.resize(op.width, op.height, { fit: 'outside' }));
      // crop: cover the box, then cut it out where the axis points (0 start, 5 centre, 10 end).
      const scale = Math.max(op.width / width, op.height / height);
      const sw = Math.max(op.width, Math.round(width * scale));
      const sh = Math.max(op.height, Math.round(height * scale));
      const covered = await img.resize(sw, sh, { fit: 'fill' }).keepMetadata().toBuffer();
      return image(covered)
        .extract({
          left: Math.round(((sw - op.width) * op.axis.x) / 10),
          top: Math.round(((sh - op.height) * op.axis.y) / 10),
          width: op.width,
          height: op.height,
        })
        .keepMetadata()
        .toBuffer();
    }
    default:
      return input; // output settings: applied when encoding
  }
}

/** The picture after the operations, encoded in its own format (JPEG, PNG, WebP, else PNG). */
export async function processImage(input: Buffer, ops: readonly ImageOp[]): Promise<ImageResult> {
  let data = input;
  for (const op of ops) data = await step(data, op);
  let quality: number | undefined;
  let progressive = false;
  let strip = false;
  for (const op of ops) {
    if (op.type === 'quality') quality = Math.max(1, op.quality);
    if (op.type === 'interlace') progressive = op.interlace;
    if (op.type === 'stripmeta') strip = op.strip;
  }
  const source = image(input);
  const { format } = await source.metadata();
  let out = image(data);
  if (!strip) out = out.keepMetadata();
  switch (format) {
    case 'jpeg':
      return { data: await out.jpeg({ quality, progressive }).toBuffer(), format: 'jpeg' };
    case 'webp':
      return { data: await out.webp({ quality }).toBuffer(), format: 'webp' };
    case 'png':
      return { data: await out.png({ progressive }).toBuffer(), format: 'png' };
    default:
      // GIF, TIFF, HEIF and others leave as PNG: one lossless format every client shows.
      return { data: await out.png({ progressive }).toBuffer(), format: 'png' };
  }
}

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
  size: number;
  orientation: number | null;
  hasAlpha: boolean;
}

export async function imageInfo(input: Buffer): Promise<ImageInfo> {
  const meta = await image(input).metadata();
  return {
    format: meta.format ?? 'unknown',
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    size: input.length,
    orientation: meta.orientation ?? null,
    hasAlpha: meta.hasAlpha ?? false,
  };
}
