// The text channel a NIM socket speaks socket.io 0.9 packets over: a WebSocket, or the
// xhr-polling transport (polling.ts) that the SDK falls back to where WebSocket fails.
import type { WebSocket } from 'ws';

export interface NimWire {
  /** Writes one socket.io packet (dropped once the wire is closed). */
  send(text: string): void;
  close(): void;
  /** A packet from the client; `binary` for a frame socket.io 0.9 never sends (refused). */
  onMessage(listener: (text: string, binary: boolean) => void): void;
  onClose(listener: () => void): void;
}

export function websocketWire(ws: WebSocket): NimWire {
  return {
    send(text) {
      if (ws.readyState === ws.OPEN) ws.send(text);
    },
    close: () => ws.close(),
    onMessage(listener) {
      ws.on('message', (data, isBinary) => listener(isBinary ? '' : data.toString(), isBinary));
    },
    onClose(listener) {
      ws.on('close', listener);
      ws.on('error', listener);
    },
  };
}
