// A lean XMPP client over a raw TCP socket for the ejabberd peer: stream, in-band registration
// (XEP-0077), SASL PLAIN, resource binding, initial presence, then chat messages. No XML library:
// the bench only needs its own stanzas back, so it scans for them. @xmpp/client would saturate a
// core before ejabberd does (STACK.md), which would measure the library, not the server.
import net from 'node:net';

const STREAM_OPEN =
  "<?xml version='1.0'?><stream:stream to='localhost' xmlns='jabber:client' " +
  "xmlns:stream='http://etherx.jabber.org/streams' version='1.0'>";

export interface XmppAccount {
  user: string;
  password: string;
}

export class XmppClient {
  private readonly socket: net.Socket;
  private buffer = '';
  private waiter:
    { test: RegExp; resolve: (m: RegExpExecArray) => void; reject: (e: Error) => void } | undefined;
  private live = false;
  /** Called with the body of every chat message once the client is online. */
  onMessage: ((from: string, body: string) => void) | undefined;
  /** Called once when the connection ends after login (a drop, not our own close). */
  onClose: (() => void) | undefined;
  private pingSentAt = 0;
  private pingDone: ((rttMs: number) => void) | undefined;
  closed = false;

  private constructor(
    readonly account: XmppAccount,
    port: number,
    localAddress: string,
  ) {
    this.socket = net.connect({ port, host: '127.0.0.1', localAddress });
    // Nagle's algorithm would add about 40 ms to small stanzas (STACK.md).
    this.socket.setNoDelay(true);
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => {
      const wasLive = this.live && !this.closed;
      this.closed = true;
      this.fail(new Error('connection closed'));
      if (wasLive) this.onClose?.();
    });
  }

  get jid(): string {
    return `${this.account.user}@localhost/bench`;
  }

  private fail(error: Error): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    if (this.live) return this.drainMessages();
    const waiter = this.waiter;
    if (!waiter) return;
    const match = waiter.test.exec(this.buffer);
    if (!match) return;
    this.buffer = this.buffer.slice(match.index + match[0].length);
    this.waiter = undefined;
    waiter.resolve(match);
  }

  private drainMessages(): void {
    // The answer to our XEP-0199 ping: <iq … id='hb' type='result'/> (attribute order varies).
    if (this.pingDone && /<iq\b[^>]*\bid=['"]hb['"]/.test(this.buffer)) {
      const done = this.pingDone;
      this.pingDone = undefined;
      this.buffer = this.buffer.replace(/<iq\b[^>]*\bid=['"]hb['"][^>]*(\/>|>[\s\S]*?<\/iq>)/, '');
      done(performance.now() - this.pingSentAt);
    }
    const pattern = /<message\b[^>]*?from=['"]([^'"]+)['"][^>]*>[\s\S]*?<\/message>/g;
    let consumed = 0;
    for (let m = pattern.exec(this.buffer); m; m = pattern.exec(this.buffer)) {
      consumed = m.index + m[0].length;
      const body = /<body>([^<]*)<\/body>/.exec(m[0]);
      if (body) this.onMessage?.(m[1]!, body[1]!);
    }
    if (consumed) this.buffer = this.buffer.slice(consumed);
    // Anything else (presence, pings) is dropped once no message or ping answer can be pending
    // in it (a stanza may arrive split over two reads).
    const pending =
      this.buffer.includes('<message') || (this.pingDone && this.buffer.includes('<iq'));
    if (!pending) this.buffer = '';
  }

  private expect(test: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`${this.account.user}: no ${test} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      // The reply may already be buffered.
      this.onData('');
    });
  }

  private write(xml: string): void {
    this.socket.write(xml);
  }

  private async openStream(): Promise<string> {
    this.write(STREAM_OPEN);
    return (await this.expect(/<stream:features>[\s\S]*?<\/stream:features>/))[0];
  }

  /** Registers the account in band (XEP-0077); an existing account is fine. */
  static async register(
    port: number,
    account: XmppAccount,
    localAddress = '127.0.0.1',
  ): Promise<void> {
    const client = new XmppClient(account, port, localAddress);
    try {
      await client.openStream();
      client.write(
        `<iq type='set' id='reg'><query xmlns='jabber:iq:register'><username>${account.user}</username>` +
          `<password>${account.password}</password></query></iq>`,
      );
      const reply = (await client.expect(/<iq\b[^>]*id=['"]reg['"][^>]*(\/>|>[\s\S]*?<\/iq>)/))[0];
      if (/type=['"]error['"]/.test(reply) && !reply.includes('conflict'))
        throw new Error(`registering ${account.user}: ${reply}`);
    } finally {
      client.close();
    }
  }

  /** Connects, authenticates with SASL PLAIN, binds a resource and announces presence. */
  static async login(
    port: number,
    account: XmppAccount,
    localAddress = '127.0.0.1',
  ): Promise<XmppClient> {
    const client = new XmppClient(account, port, localAddress);
    try {
      const features = await client.openStream();
      if (!features.includes('PLAIN')) throw new Error(`no SASL PLAIN offered: ${features}`);
      const plain = Buffer.from(`\0${account.user}\0${account.password}`).toString('base64');
      client.write(
        `<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>${plain}</auth>`,
      );
      const auth = (await client.expect(/<(success|failure)\b[\s\S]*?(\/>|<\/\1>)/))[1];
      if (auth !== 'success') throw new Error(`${account.user}: SASL PLAIN refused`);
      await client.openStream();
      client.write(
        "<iq type='set' id='bind'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'><resource>bench</resource></bind></iq>",
      );
      await client.expect(/<iq\b[^>]*id=['"]bind['"][\s\S]*?<\/iq>/);
      // Initial presence, and its echo: only then do messages to the account route to us.
      client.write('<presence/>');
      await client.expect(/<presence\b[^>]*?(\/>|>[\s\S]*?<\/presence>)/);
      client.live = true;
      client.buffer = '';
      return client;
    } catch (error) {
      client.close();
      throw error;
    }
  }

  /** A chat message to a full JID. */
  send(to: string, body: string): void {
    this.write(`<message to='${to}' type='chat'><body>${body}</body></message>`);
  }

  /**
   * An application heartbeat: an XMPP ping (XEP-0199, answered by mod_ping) to the server;
   * `done` gets the round trip in ms. Skipped while one is out.
   */
  heartbeat(done: (rttMs: number) => void): boolean {
    if (this.closed || this.pingDone) return false;
    this.pingDone = done;
    this.pingSentAt = performance.now();
    this.write("<iq type='get' id='hb' to='localhost'><ping xmlns='urn:xmpp:ping'/></iq>");
    return true;
  }

  get heartbeatPending(): boolean {
    return this.pingDone !== undefined;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.end('</stream:stream>');
    this.socket.destroy();
  }
}
