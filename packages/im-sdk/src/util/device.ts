/** A stable id for this device: kept in localStorage in browsers, one per process in Node. */
const KEY = 'morsel-im-device-id';
let processDeviceId: string | undefined;

export function defaultDeviceId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(KEY);
    if (stored) return stored;
    const created = crypto.randomUUID();
    globalThis.localStorage?.setItem(KEY, created);
    if (globalThis.localStorage) return created;
  } catch {
    // Storage refused (private mode): fall back to the process-wide id.
  }
  processDeviceId ??= crypto.randomUUID();
  return processDeviceId;
}
