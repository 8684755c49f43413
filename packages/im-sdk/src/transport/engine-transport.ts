// The transport: an Engine.IO client socket carrying binary frames. Websocket first; long-polling
// only when the websocket cannot open (decision 0070), then upgraded back when it can. Small and
// swappable; the link above it knows nothing of Engine.IO.
import { Socket } from 'engine.io-client';

export type TransportName = 'websocket' | 'polling';

export interface TransportOptions {
  /** Base URL of the socket server, e.g. `http://127.0.0.1:8080`. */
  url: string;
  path: string;
  transports: TransportName[];
}

export interface TransportEvents {
  open(): void;
  message(bytes: Uint8Array): void;
  close(reason: string): void;
}

export interface Transport {
  send(bytes: Uint8Array): void;
  close(): void;
  /** The transport in use now (polling may upgrade to websocket). */
  readonly name: string;
}

export function openTransport(options: TransportOptions, events: TransportEvents): Transport {
  const socket = new Socket(options.url, {
    path: options.path,
    transports: options.transports,
    upgrade: options.transports.includes('websocket'),
    // Without this a failed first transport ends the attempt: the next one in the list is the
    // fallback only when the client is told to try it (engine.io-client 6.6).
    tryAllTransports: true,
    // The handshake GET carries a timestamp query, as document 2 describes.
    timestampRequests: true,
    closeOnBeforeunload: true,
  });
  socket.binaryType = 'arraybuffer';
  let closed = false;
  socket.on('open', () => events.open());
  socket.on('message', (data: unknown) => {
    if (typeof data === 'string') return; // not part of the protocol
    const bytes =
      data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data as ArrayBufferLike);
    events.message(bytes);
  });
  socket.on('close', (reason: string) => {
    if (closed) return;
    closed = true;
    events.close(reason);
  });
  socket.on('error', () => {
    // 'close' follows every error; the link reacts there.
  });
  return {
    send: (bytes) => socket.send(bytes),
    close: () => socket.close(),
    get name() {
      return socket.transport?.name ?? 'none';
    },
  };
}
