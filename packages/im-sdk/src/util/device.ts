/** A stable id for this device: kept in localStorage in browsers, one per process in Node. */
const KEY = 'morsel-im-device-id';
const storage = () =>
  (
    globalThis as {
      localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
    }
  ).localStorage;
let processDeviceId: string | undefined;

export function defaultDeviceId(): string {
  try {
    const stored = storage()?.getItem(KEY);
    if (stored) return stored;
    const created = crypto.randomUUID();
    storage()?.setItem(KEY, created);
    if (storage()) return created;
  } catch {
    // Storage refused (private mode): fall back to the process-wide id.
  }
  processDeviceId ??= crypto.randomUUID();
  return processDeviceId;
}
