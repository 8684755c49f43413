// iPhone long screen (spec section 9): the notch models, height at least 812 and width at
// least 375 CSS px; pages use it to leave room for the home indicator.
import { LIMITS } from '../config/product.ts';

export function isLongScreen(
  ua: string = navigator.userAgent,
  width: number = window.screen.width,
  height: number = window.screen.height,
): boolean {
  const portraitHeight = Math.max(width, height);
  const portraitWidth = Math.min(width, height);
  return (
    /iPhone/i.test(ua) &&
    portraitHeight >= LIMITS.longScreen.minHeight &&
    portraitWidth >= LIMITS.longScreen.minWidth
  );
}
