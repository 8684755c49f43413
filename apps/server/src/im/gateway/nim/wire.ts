// The channel a NIM socket's packets travel over: a WebSocket speaking socket.io 0.9 text, the
// xhr-polling transport (polling.ts) the SDK falls back to where WebSocket fails, or a WebSocket
// of NIM's binary link. D is the wire's data: text, or bytes for the binary link.
import type { WebSocket } from 'ws';

export interface NimWire<D extends string | Uint8Array = string> {
  /** Writes one packet (dropped once the wire is closed). */
  send(data: D): void;
  close(): void;
  /** A packet from the client; undefined for a frame of the other kind (refused as unreadable). */
  onMessage(listener: (data: D | undefined) => void): void;
  onClose(listener: () => void): void;
}

function websocketWireOf<D extends string | Uint8Array>(
  ws: WebSocket,
  read: (data: Buffer, isBinary: boolean) => D | undefined,
): NimWire<D> {
  return {
    send(data) {
      if (ws.readyState === ws.OPEN) ws.send(data);
    },
    close: () => ws.close(),
    onMessage(listener) {
      ws.on('message', (data, isBinary) => listener(read(asBuffer(data), isBinary)));
    },
    onClose(listener) {
      ws.on('close', listener);
      ws.on('error', listener);
    },
  };
}

const asBuffer = (data: Buffer | ArrayBuffer | Buffer[]) =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/** socket.io 0.9's WebSocket: text frames only. */
export const websocketWire = (ws: WebSocket): NimWire<string> =>
  websocketWireOf(ws, (data, isBinary) => (isBinary ? undefined : data.toString()));

/** NIM's binary link: binary frames only. */
export const binaryWebsocketWire = (ws: WebSocket): NimWire<Uint8Array> =>
  websocketWireOf(ws, (data, isBinary) => (isBinary ? data : undefined));
