// Shake detection from DeviceMotion: a shake is a change of acceleration (gravity included, so
// every phone reports it) larger than the campaign's threshold between two readings; after one,
// readings are ignored for a moment so one vigorous shake is not three. iOS 13+ asks the
// shopper's permission first (DeviceMotionEvent.requestPermission, from a tap); elsewhere motion
// simply arrives, or never does (desktop, a denied permission) and the page's button is the way.

export interface Reading {
  x: number;
  y: number;
  z: number;
  at: number;
}

/** A detector fed readings in order; answers true on the reading that completes a shake. */
export function shakeDetector(threshold: number, quietMs = 1200) {
  let last: Reading | null = null;
  let quietUntil = -Infinity;
  return (reading: Reading): boolean => {
    const previous = last;
    last = reading;
    if (!previous || reading.at < quietUntil) return false;
    const change =
      Math.abs(reading.x - previous.x) +
      Math.abs(reading.y - previous.y) +
      Math.abs(reading.z - previous.z);
    if (change < threshold) return false;
    quietUntil = reading.at + quietMs;
    return true;
  };
}

type PermissionAsker = { requestPermission?: () => Promise<'granted' | 'denied' | 'default'> };

/** 'ask': iOS wants a tap to grant motion; 'ready': motion events may come; 'none': no sensor API. */
export function motionSupport(): 'ask' | 'ready' | 'none' {
  if (typeof window === 'undefined' || !('DeviceMotionEvent' in window)) return 'none';
  const api = window.DeviceMotionEvent as unknown as PermissionAsker;
  return typeof api.requestPermission === 'function' ? 'ask' : 'ready';
}

/** Asks iOS for motion (must run in a tap); true when granted. */
export async function askMotionPermission(): Promise<boolean> {
  const api = window.DeviceMotionEvent as unknown as PermissionAsker;
  if (typeof api.requestPermission !== 'function') return true;
  try {
    return (await api.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

/** Listens for shakes; answers the function that stops listening. */
export function onShake(threshold: number, handler: () => void): () => void {
  const detect = shakeDetector(threshold);
  const listener = (event: DeviceMotionEvent) => {
    const a = event.accelerationIncludingGravity;
    if (!a || a.x === null || a.y === null || a.z === null) return;
    if (detect({ x: a.x, y: a.y, z: a.z, at: event.timeStamp })) handler();
  };
  window.addEventListener('devicemotion', listener);
  return () => window.removeEventListener('devicemotion', listener);
}
