// Messages and sessions for the store's tests, shaped as the services make them.
import type { ClientMsg, ClientSession } from '../services/model.ts';

let counter = 0;

export function msg(sessionPeer: string, time: number, extra: Partial<ClientMsg> = {}): ClientMsg {
  counter++;
  return {
    scene: 'p2p',
    from: sessionPeer,
    to: 'me',
    type: 0,
    text: `message ${counter}`,
    idClient: `c${counter}-${time}`,
    idServer: `s${counter}`,
    time,
    sessionId: `p2p-${sessionPeer}`,
    target: sessionPeer,
    flow: 'in',
    status: 'success',
    ...extra,
  } as ClientMsg;
}

export function session(peer: string, updateTime: number, extra: Partial<ClientSession> = {}): ClientSession {
  return { id: `p2p-${peer}`, scene: 'p2p', to: peer, updateTime, unread: 0, ack: 0, ...extra } as ClientSession;
}
