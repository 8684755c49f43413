// The app's toast (spec section 9): 2000 ms by default in the web UI; inside the native app the
// bridge's own toast (1500 ms default) is used so it looks like the app's.
import { LIMITS } from '../config/product.ts';
import { environment } from '../env/detect.ts';
import { nativeBridge } from '../native/bridge.ts';
import { Toast } from '../ui/index.ts';

export function toast(message: string, duration: number = LIMITS.uiToastMs): void {
  if (environment().app) {
    nativeBridge.toast(message);
    return;
  }
  Toast.show({ content: message, duration });
}
