// Corner marks on goods pictures (spec section 3): location code 0 to 3.
import type { CSSProperties } from 'react';

export const CORNER_MARK_LOCATIONS = [
  'left-top',
  'right-top',
  'right-bottom',
  'left-bottom',
] as const;
export type CornerMarkLocation = (typeof CORNER_MARK_LOCATIONS)[number];

export interface CornerMarkConfig {
  /** 0 left-top, 1 right-top, 2 right-bottom, 3 left-bottom. */
  location: number;
  imageUrl: string;
}

/** Unknown codes fall back to left-top, where most marks sit. */
export function cornerMarkLocation(code: number): CornerMarkLocation {
  return CORNER_MARK_LOCATIONS[code] ?? 'left-top';
}

/** Absolute position of a mark inside a `position: relative` picture box. */
export function cornerMarkStyle(code: number): CSSProperties {
  const [vertical, horizontal] = cornerMarkLocation(code).split('-').reverse() as [
    'top' | 'bottom',
    'left' | 'right',
  ];
  return { position: 'absolute', [vertical]: 0, [horizontal]: 0 };
}
