// A picture someone uploaded, made safe to serve: its bytes are checked for what they are (JPEG,
// PNG or WebP as sharp reads them, whatever the name or declared type says), oversized images are
// refused before they are decoded, and it is re-encoded upright, within a size, without metadata
// (no GPS position from EXIF survives). Callers turn the refusal into their own error code.
import sharp from 'sharp';

const READABLE = new Set(['jpeg', 'png', 'webp']);
/** A picture larger than this many pixels is refused before it is decoded (decompression bombs). */
const MAX_PIXELS = 50_000_000;

/** Why a picture was refused: not a picture we read, or damaged behind a valid header. */
export class PictureRefusal extends Error {
  constructor(readonly reason: 'type' | 'damaged') {
    super(reason === 'type' ? 'not a JPEG, PNG or WebP picture' : 'the picture is damaged');
  }
}

export async function reencodePicture(
  bytes: Buffer,
  options: { maxEdge: number; as: 'png' | 'jpeg' },
) {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new PictureRefusal('type');
  }
  if (!format || !READABLE.has(format)) throw new PictureRefusal('type');
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(options.maxEdge, options.maxEdge, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      options.as === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85 });
    return await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new PictureRefusal('damaged');
  }
}
