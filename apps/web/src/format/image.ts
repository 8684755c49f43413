// Image URLs (spec section 9): widths capped at 750 and named sizes xs..xl = 100..800. The
// resize is asked of the image CDN with the OSS-style `x-oss-process` parameter (the retailer's
// platform stores images on Alibaba Cloud OSS); local and data URLs are left as they are.
import { IMAGE_SIZES, LIMITS } from '../config/product.ts';

export type ImageSize = keyof typeof IMAGE_SIZES;

export function imageWidth(size: ImageSize | number): number {
  const width = typeof size === 'number' ? size : IMAGE_SIZES[size];
  return Math.min(Math.max(1, Math.round(width)), LIMITS.imageMaxWidth);
}

export function imageUrl(url: string, size: ImageSize | number = LIMITS.imageMaxWidth): string {
  if (!/^(https?:)?\/\//.test(url) || url.includes('x-oss-process=')) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}x-oss-process=image/resize,w_${imageWidth(size)}`;
}
