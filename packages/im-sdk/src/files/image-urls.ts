// NIM's image URL helpers: each returns the file URL with one more image operation in its query
// (the server applies them in order; packages/protocol image-ops.ts has the rules and the form).
import {
  checkImageOp,
  ImageOpError,
  ImError,
  imageOpsUrl,
  parseImageOps,
  type ThumbnailMode,
} from '@morsel/protocol';

function withOp(url: string, op: Record<string, unknown>): string {
  try {
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const params = new URLSearchParams(query);
    const existing = params.has('imageView') ? parseImageOps(params) : [];
    return imageOpsUrl(url, [...existing, checkImageOp(op)]);
  } catch (error) {
    if (error instanceof ImageOpError) throw new ImError('Param_Error', error.message);
    throw error;
  }
}

export const viewImageStripMeta = (o: { url: string; strip?: boolean }) =>
  withOp(o.url, { type: 'stripmeta', strip: o.strip ?? true });
export const viewImageQuality = (o: { url: string; quality: number }) =>
  withOp(o.url, { type: 'quality', quality: o.quality });
export const viewImageInterlace = (o: { url: string }) =>
  withOp(o.url, { type: 'interlace', interlace: true });
export const viewImageRotate = (o: { url: string; angle: number }) =>
  withOp(o.url, { type: 'rotate', angle: o.angle });
export const viewImageBlur = (o: { url: string; radius: number; sigma?: number }) =>
  withOp(o.url, { type: 'blur', radius: o.radius, sigma: o.sigma ?? 0 });
export const viewImageCrop = (o: {
  url: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}) => withOp(o.url, { type: 'crop', x: o.x, y: o.y, width: o.width, height: o.height });
export const viewImageThumbnail = (o: {
  url: string;
  mode?: ThumbnailMode;
  width?: number;
  height?: number;
  axis?: { x?: number; y?: number };
}) =>
  withOp(o.url, {
    type: 'thumbnail',
    mode: o.mode,
    width: o.width,
    height: o.height,
    axis: o.axis,
  });
