// The client of the native app's JavaScript bridge. The contract (object names, methods,
// parameters, replies) is docs/native-bridge.md; this file implements the web side only.
import { LIMITS } from '../config/product.ts';

export interface ShareContent {
  link: string;
  title: string;
  description: string;
  imgUrl: string;
  /** Platforms or channel to offer, e.g. ['wechat', 'timeline']; the app decides when absent. */
  channel?: string[];
}

export interface NativeMethods {
  login: { params: { redirect: string }; result: { loggedIn: boolean } };
  setHeader: {
    params: { visible: boolean; title: string; background: string; shareMenu: boolean };
    result: Record<string, never>;
  };
  setShare: { params: ShareContent; result: Record<string, never> };
  share: { params: ShareContent; result: { shared: boolean; channel?: string } };
  toast: { params: { message: string; duration: number }; result: Record<string, never> };
}

export type NativeMethod = keyof NativeMethods;

/** What the app injects as `window.MorselNative`. */
export interface NativeBridgeObject {
  invoke(message: string): void;
}

interface Reply {
  ok: boolean;
  data?: unknown;
  error?: string;
}

declare global {
  interface Window {
    MorselNative?: NativeBridgeObject;
    /** The app answers a call by evaluating `window.morselBridgeReceive(id, reply)`. */
    morselBridgeReceive?: (id: string, reply: Reply | string) => void;
  }
}

export class NativeBridgeError extends Error {
  override name = 'NativeBridgeError';
}

const pending = new Map<
  string,
  { resolve: (data: unknown) => void; reject: (error: Error) => void }
>();
const queued: string[] = [];
let serial = 0;
let listening = false;

function receive(id: string, raw: Reply | string): void {
  const call = pending.get(id);
  if (!call) return;
  pending.delete(id);
  let reply: Reply;
  try {
    reply = typeof raw === 'string' ? (JSON.parse(raw) as Reply) : raw;
  } catch {
    call.reject(new NativeBridgeError('unreadable reply from the app'));
    return;
  }
  if (reply.ok) call.resolve(reply.data ?? {});
  else call.reject(new NativeBridgeError(reply.error ?? 'the app refused the call'));
}

function flush(): void {
  const bridge = window.MorselNative;
  if (!bridge) return;
  for (const message of queued.splice(0)) bridge.invoke(message);
}

function install(): void {
  if (listening) return;
  listening = true;
  window.morselBridgeReceive = receive;
  // The app may inject its object after the page's scripts ran; it then fires this event.
  window.addEventListener('MorselNativeReady', flush);
}

/** Calls a native method; resolves with the app's reply. Calls made before the app is ready queue. */
export function invokeNative<M extends NativeMethod>(
  method: M,
  params: NativeMethods[M]['params'],
): Promise<NativeMethods[M]['result']> {
  install();
  const id = `m${++serial}`;
  const message = JSON.stringify({ id, method, params });
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (data: unknown) => void, reject });
    queued.push(message);
    flush();
  });
}

/** Fire and forget: the page does not wait for the app's reply, but a refusal is not lost. */
function send<M extends NativeMethod>(method: M, params: NativeMethods[M]['params']): void {
  invokeNative(method, params).catch((error: unknown) =>
    console.warn(`native ${method} failed`, error),
  );
}

export const nativeBridge = {
  login: (redirect: string) => invokeNative('login', { redirect }),
  setHeader: (params: NativeMethods['setHeader']['params']) => send('setHeader', params),
  setShare: (content: ShareContent) => send('setShare', content),
  share: (content: ShareContent) => invokeNative('share', content),
  toast: (message: string, duration: number = LIMITS.bridgeToastMs) =>
    send('toast', { message, duration }),
};
