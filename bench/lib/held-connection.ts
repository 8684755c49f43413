// What the connections load worker holds: a logged-in connection that can send an application
// heartbeat and be closed. Morsel and Socket.IO ride on the lean Engine.IO client; ejabberd on
// the lean XMPP client. The worker drives all of them the same way.
import { XmppClient } from '../peers/xmpp-client.ts';
import { LeanClient, type Dialect } from './lean-client.ts';

export type HeldDialect = Dialect | 'xmpp';

export interface HeldConnection {
  readonly closed: boolean;
  readonly heartbeatPending: boolean;
  heartbeat(done: (rttMs: number) => void): boolean;
  close(): void;
}

export interface HeldOptions {
  /** A ws:// URL (Engine.IO dialects) or xmpp://127.0.0.1:<port> (ejabberd). */
  url: string;
  dialect: HeldDialect;
  appKey: string;
  accid: string;
  token: string;
  localAddress: string;
  timeoutMs: number;
  /** Called once when an established connection ends without our asking. */
  onDrop: () => void;
}

/** Connects and logs in; resolves with the connection once it is usable. */
export async function openHeld(o: HeldOptions): Promise<HeldConnection> {
  if (o.dialect === 'xmpp') {
    const port = Number(new URL(o.url).port);
    const client = await XmppClient.login(
      port,
      { user: o.accid, password: o.token },
      o.localAddress,
    );
    client.onClose = o.onDrop;
    return client;
  }
  const client = new LeanClient({
    url: o.url,
    localAddress: o.localAddress,
    dialect: o.dialect,
    appKey: o.appKey,
    accid: o.accid,
    token: o.token,
    timeoutMs: o.timeoutMs,
    onClose: o.onDrop,
  });
  await client.open();
  return client;
}
