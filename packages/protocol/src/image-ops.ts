// Image operations (spec/messaging.md section 5, "Image and file"): their rules, and how a list
// of them travels in a file URL's query. One module for the SDK (viewImage* helpers, processImage
// before sending) and the server (which applies them with sharp), so both check the same rules.
//
// URL form: `<file url>?imageView&<type>=<fields joined by _>&...`, applied in query order:
//   stripmeta=1 | blur=<radius>_<sigma> | quality=<0-100> | crop=<x>_<y>_<width>_<height>
//   rotate=<0-359> | thumbnail=<mode>_<width>_<height>_<axisX>_<axisY> | interlace=1

export const IMAGE_OP_TYPES = [
  'stripmeta',
  'blur',
  'quality',
  'crop',
  'rotate',
  'thumbnail',
  'interlace',
] as const;
export type ImageOpType = (typeof IMAGE_OP_TYPES)[number];
export const THUMBNAIL_MODES = ['cover', 'contain', 'crop'] as const;
export type ThumbnailMode = (typeof THUMBNAIL_MODES)[number];

export type ImageOp =
  | { type: 'stripmeta'; strip: boolean }
  | { type: 'blur'; radius: number; sigma: number }
  | { type: 'quality'; quality: number }
  | { type: 'crop'; x: number; y: number; width: number; height: number }
  | { type: 'rotate'; angle: number }
  | {
      type: 'thumbnail';
      mode: ThumbnailMode;
      width: number;
      height: number;
      /** Where crop mode keeps the picture: 0 (left or top) to 10 (right or bottom), 5 centred. */
      axis: { x: number; y: number };
    }
  | { type: 'interlace'; interlace: boolean };

/** The rule each check names in its error (the 414 message and the SDK's Param_Error). */
export const IMAGE_OP_RULES = {
  type: `image operation type must be one of ${IMAGE_OP_TYPES.join(', ')}`,
  quality: 'quality must be an integer from 0 to 100',
  blurRadius: 'blur radius must be an integer from 1 to 50',
  blurSigma: 'blur sigma must be a number of at least 0',
  crop: 'crop x, y, width and height must be integers of at least 0',
  axis: 'crop axis x and y must be integers from 0 to 10 (default 5)',
  rotate: 'rotate angle must be an integer',
  thumbnailMode: `thumbnail mode must be one of ${THUMBNAIL_MODES.join(', ')}`,
  thumbnailSize: 'thumbnail width and height must be integers from 0 to 4095',
  thumbnailContain: 'thumbnail contain mode needs a width or a height above 0',
  thumbnailCover: 'thumbnail cover and crop modes need a width and a height above 0',
  flag: 'stripmeta and interlace take true or false (1 or 0)',
  tooMany: 'at most 10 image operations at once',
} as const;

export const MAX_IMAGE_OPS = 10;
export const IMAGE_VIEW_MARK = 'imageView';

export class ImageOpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageOpError';
  }
}

function int(value: unknown, min: number, max: number, rule: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw new ImageOpError(rule);
  return n;
}

function flag(value: unknown): boolean {
  if (value === undefined || value === true || value === 1 || value === '1' || value === 'true')
    return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw new ImageOpError(IMAGE_OP_RULES.flag);
}

/** Rotation normalised to 0-359 (a quarter turn back is 270). */
export function normaliseAngle(angle: number): number {
  return ((angle % 360) + 360) % 360;
}

/**
 * One operation as a client writes it (NIM's imageOps entries: `{ type, quality }`,
 * `{ type: 'thumbnail', mode, width, height, axis: { x, y } }`, ...), checked and normalised.
 */
export function checkImageOp(input: Record<string, unknown>): ImageOp {
  const type = input.type;
  switch (type) {
    case 'stripmeta':
      return { type, strip: flag(input.strip ?? input.stripmeta) };
    case 'interlace':
      return { type, interlace: flag(input.interlace) };
    case 'quality':
      return { type, quality: int(input.quality, 0, 100, IMAGE_OP_RULES.quality) };
    case 'blur': {
      const radius = int(input.radius, 1, 50, IMAGE_OP_RULES.blurRadius);
      const sigma = input.sigma === undefined ? 0 : Number(input.sigma);
      if (!Number.isFinite(sigma) || sigma < 0 || input.sigma === '')
        throw new ImageOpError(IMAGE_OP_RULES.blurSigma);
      return { type, radius, sigma };
    }
    case 'crop': {
      const big = Number.MAX_SAFE_INTEGER;
      return {
        type,
        x: int(input.x ?? 0, 0, big, IMAGE_OP_RULES.crop),
        y: int(input.y ?? 0, 0, big, IMAGE_OP_RULES.crop),
        width: int(input.width ?? 0, 0, big, IMAGE_OP_RULES.crop),
        height: int(input.height ?? 0, 0, big, IMAGE_OP_RULES.crop),
      };
    }
    case 'rotate': {
      const angle = int(
        input.angle,
        -Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER,
        IMAGE_OP_RULES.rotate,
      );
      return { type, angle: normaliseAngle(angle) };
    }
    case 'thumbnail': {
      const mode = input.mode ?? 'cover';
      if (!THUMBNAIL_MODES.includes(mode as ThumbnailMode))
        throw new ImageOpError(IMAGE_OP_RULES.thumbnailMode);
      const width = int(input.width ?? 0, 0, 4095, IMAGE_OP_RULES.thumbnailSize);
      const height = int(input.height ?? 0, 0, 4095, IMAGE_OP_RULES.thumbnailSize);
      if (mode === 'contain' && width === 0 && height === 0)
        throw new ImageOpError(IMAGE_OP_RULES.thumbnailContain);
      if (mode !== 'contain' && (width === 0 || height === 0))
        throw new ImageOpError(IMAGE_OP_RULES.thumbnailCover);
      const axis = (input.axis ?? {}) as Record<string, unknown>;
      if (typeof axis !== 'object' || axis === null) throw new ImageOpError(IMAGE_OP_RULES.axis);
      return {
        type,
        mode: mode as ThumbnailMode,
        width,
        height,
        axis: {
          x: int(axis.x ?? 5, 0, 10, IMAGE_OP_RULES.axis),
          y: int(axis.y ?? 5, 0, 10, IMAGE_OP_RULES.axis),
        },
      };
    }
    default:
      throw new ImageOpError(IMAGE_OP_RULES.type);
  }
}

export function checkImageOps(inputs: readonly Record<string, unknown>[]): ImageOp[] {
  if (inputs.length > MAX_IMAGE_OPS) throw new ImageOpError(IMAGE_OP_RULES.tooMany);
  return inputs.map(checkImageOp);
}

/** The query value of one operation (see the URL form at the top). */
function opValue(op: ImageOp): string {
  switch (op.type) {
    case 'stripmeta':
      return op.strip ? '1' : '0';
    case 'interlace':
      return op.interlace ? '1' : '0';
    case 'quality':
      return String(op.quality);
    case 'blur':
      return `${op.radius}_${op.sigma}`;
    case 'crop':
      return `${op.x}_${op.y}_${op.width}_${op.height}`;
    case 'rotate':
      return String(op.angle);
    case 'thumbnail':
      return `${op.mode}_${op.width}_${op.height}_${op.axis.x}_${op.axis.y}`;
  }
}

/** `url` with the operations in its query (replacing operations it already had). */
export function imageOpsUrl(url: string, ops: readonly ImageOp[]): string {
  const [base] = url.split('?', 1);
  const query = ops.map((op) => `${op.type}=${opValue(op)}`).join('&');
  return ops.length ? `${base}?${IMAGE_VIEW_MARK}&${query}` : base!;
}

/** The operations of an `imageView` query, checked; throws ImageOpError naming the rule. */
export function parseImageOps(params: URLSearchParams): ImageOp[] {
  const ops: ImageOp[] = [];
  for (const [type, value] of params) {
    if (type === IMAGE_VIEW_MARK) continue;
    const f = value.split('_');
    const fields: Record<string, unknown> = (() => {
      switch (type) {
        case 'stripmeta':
          return { type, strip: value };
        case 'interlace':
          return { type, interlace: value };
        case 'quality':
          return { type, quality: value };
        case 'blur':
          return { type, radius: f[0], sigma: f[1] ?? '0' };
        case 'crop':
          if (f.length !== 4) throw new ImageOpError(IMAGE_OP_RULES.crop);
          return { type, x: f[0], y: f[1], width: f[2], height: f[3] };
        case 'rotate':
          return { type, angle: value };
        case 'thumbnail':
          if (f.length !== 3 && f.length !== 5)
            throw new ImageOpError(IMAGE_OP_RULES.thumbnailSize);
          return {
            type,
            mode: f[0],
            width: f[1],
            height: f[2],
            axis: { x: f[3] ?? '5', y: f[4] ?? '5' },
          };
        default:
          return { type };
      }
    })();
    ops.push(checkImageOp(fields));
  }
  if (ops.length > MAX_IMAGE_OPS) throw new ImageOpError(IMAGE_OP_RULES.tooMany);
  return ops;
}
