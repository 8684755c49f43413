// The app's one IM client (docs/chat-pages.md): the SDK instance of the logged-in shopper and
// what the chat pages show from it (the link's state, the sessions, the messages of each session,
// read receipts, recalls). Only the chat pages import this module, so the SDK stays in their
// chunks and out of the app's entry. The login comes from the product API (chat.imLogin); when
// the IM cloud closes the connection because the token changed (a logout elsewhere), the client
// asks for the login again and reconnects.
import { NIM, type ClientMsg, type ClientSession, type DeleteNotice } from '@morsel/im-sdk';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';

export type LinkStatus = 'connecting' | 'online' | 'reconnecting' | 'offline' | 'failed';

/** A message as the chat screen keeps it: recalled ones stay, shown as a notice. */
export type ChatMsg = ClientMsg & { recalled?: boolean };

type Nim = ReturnType<typeof NIM.getInstance>;

/** A custom system notification as the SDK delivers it. */
export interface CustomNotice {
  from: string;
  content: string;
}

export interface ChatState {
  status: LinkStatus;
  /** The shopper's IM account. */
  account: string;
  /** Why the client cannot connect (shown with a retry). */
  problem: string | null;
  /** Newest first, pinned sessions on top. */
  sessions: ClientSession[];
  /** Display names of accounts and teams, by account or team id. */
  names: Record<string, string>;
  /** Bumped whenever a session's messages change (the chat screen re-reads them). */
  msgVersion: number;
}

const byTime = (a: ChatMsg, b: ChatMsg) => a.time - b.time;

export function sortSessions(sessions: Iterable<ClientSession>): ClientSession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(Boolean(b.isTop)) - Number(Boolean(a.isTop)) ||
      (b.updateTime ?? 0) - (a.updateTime ?? 0),
  );
}

export class ChatClient {
  private state: ChatState = {
    status: 'connecting',
    account: '',
    problem: null,
    sessions: [],
    names: {},
    msgVersion: 0,
  };
  private readonly listeners = new Set<() => void>();
  private readonly sessions = new Map<string, ClientSession>();
  private readonly msgs = new Map<string, Map<string, ChatMsg>>();
  private readonly sorted = new Map<string, ChatMsg[]>();
  private readonly receiptTimes = new Map<string, number>();
  private readonly nameRequests = new Set<string>();
  private readonly customListeners = new Set<(notice: CustomNotice) => void>();
  private nim: Nim | undefined;
  private relogging = false;

  constructor() {
    void this.start();
  }

  // The store's side for React (useSyncExternalStore).
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;

  /** Custom system notifications to this account (customer service's push listens). */
  onCustomNotice(listener: (notice: CustomNotice) => void): () => void {
    this.customListeners.add(listener);
    return () => this.customListeners.delete(listener);
  }

  /** The SDK instance once logged in (the pages call it for sending, history, receipts...). */
  get sdk(): Nim | undefined {
    return this.nim;
  }

  messagesOf(sessionId: string): ChatMsg[] {
    let list = this.sorted.get(sessionId);
    if (!list) {
      list = [...(this.msgs.get(sessionId)?.values() ?? [])].sort(byTime);
      this.sorted.set(sessionId, list);
    }
    return list;
  }

  /** When the peer read my messages up to (p2p read receipts). */
  receiptTimeOf(sessionId: string): number {
    return Math.max(
      this.receiptTimes.get(sessionId) ?? 0,
      this.sessions.get(sessionId)?.msgReceiptTime ?? 0,
    );
  }

  session(sessionId: string): ClientSession | undefined {
    return this.sessions.get(sessionId);
  }

  /** Keeps messages the page fetched (history) or changed (a resend under way). */
  putMsgs(msgs: ChatMsg[]): void {
    const touched = new Set<string>();
    for (const msg of msgs) {
      let held = this.msgs.get(msg.sessionId);
      if (!held) this.msgs.set(msg.sessionId, (held = new Map()));
      const before = held.get(msg.idClient);
      held.set(msg.idClient, before?.recalled ? { ...msg, recalled: true } : msg);
      touched.add(msg.sessionId);
    }
    if (touched.size === 0) return;
    for (const id of touched) this.sorted.delete(id);
    this.set({ msgVersion: this.state.msgVersion + 1 });
  }

  /** Names for accounts not known yet (looked up once each). */
  lookUpNames(accounts: string[]): void {
    const missing = accounts.filter((a) => !this.state.names[a] && !this.nameRequests.has(a));
    if (!this.nim || missing.length === 0) return;
    for (const account of missing) this.nameRequests.add(account);
    this.nim
      .getUsers({ accounts: missing.slice(0, 150) })
      .then((users) => {
        const names = { ...this.state.names };
        for (const user of users) if (user.nick) names[user.account] = user.nick;
        this.set({ names });
      })
      .catch(() => {
        for (const account of missing) this.nameRequests.delete(account);
      });
  }

  /** A team's name, once known (the chat screen asks for teams the list has not named). */
  nameTeam(teamId: string): void {
    if (!this.nim || this.state.names[teamId] || this.nameRequests.has(teamId)) return;
    this.nameRequests.add(teamId);
    this.nim
      .getTeam({ teamId })
      .then((team) => this.set({ names: { ...this.state.names, [teamId]: team.name } }))
      .catch(() => this.nameRequests.delete(teamId));
  }

  /** Tries again after a refused login or a link that gave up. */
  retry(): void {
    if (this.nim) {
      this.set({ status: 'connecting', problem: null });
      this.nim.connect().catch(() => undefined);
    } else void this.start();
  }

  private async login() {
    const reply = await api.call('chat.imLogin');
    if (!isSuccess(reply)) throw new Error(reply.message);
    return reply.data;
  }

  private async start(): Promise<void> {
    this.set({ status: 'connecting', problem: null });
    let login;
    try {
      login = await this.login();
    } catch (error) {
      this.set({ status: 'failed', problem: (error as Error).message || '聊天服务连接失败' });
      return;
    }
    this.set({
      account: login.account,
      names: { ...this.state.names, [login.account]: login.nick },
    });
    this.nim = NIM.getInstance({
      appKey: login.appKey,
      account: login.account,
      token: login.token,
      lbsUrl: new URL(login.lbsUrl, window.location.origin).toString(),
      logLevel: 'off',
      logUploadUrl: 'off',
      onconnect: () => this.set({ status: 'online', problem: null }),
      onwillreconnect: () => this.set({ status: 'reconnecting' }),
      ondisconnect: (info) => {
        // The token changed (a logout elsewhere, or a refresh): ask for the current one.
        if (info.code === 'kicked' || info.code === 302) void this.relogin();
        else this.set({ status: info.code === 'logout' ? 'offline' : 'failed' });
      },
      onerror: (error) => {
        if (error.code === 302) void this.relogin();
      },
      onsessions: (sessions) => {
        for (const s of sessions) this.keepSession(s);
        this.publishSessions();
      },
      onupdatesession: (session) => {
        this.keepSession(session);
        this.publishSessions();
      },
      onmsg: (msg) => this.putMsgs([msg]),
      onMsgReceipts: (receipts) => {
        for (const r of receipts)
          this.receiptTimes.set(
            r.sessionId,
            Math.max(r.time, this.receiptTimes.get(r.sessionId) ?? 0),
          );
        this.set({ msgVersion: this.state.msgVersion + 1 });
      },
      onsysmsg: (sysMsg) => {
        if ((sysMsg as DeleteNotice).type === 'deleteMsg')
          this.markRecalled(sysMsg as DeleteNotice);
      },
      oncustomsysmsg: (notice) => {
        for (const listener of this.customListeners) listener(notice);
      },
      onteams: (teams) => {
        const names = { ...this.state.names };
        for (const team of teams) if (team.name) names[team.teamId] = team.name;
        this.set({ names });
      },
    });
  }

  private async relogin(): Promise<void> {
    if (this.relogging || !this.nim) return;
    this.relogging = true;
    try {
      const login = await this.login();
      this.nim.setOptions({ token: login.token });
      await this.nim.connect();
    } catch (error) {
      this.set({ status: 'failed', problem: (error as Error).message || '聊天服务连接失败' });
    } finally {
      this.relogging = false;
    }
  }

  /** A recall by either side: the message stays in place as a notice. */
  markRecalled(notice: Pick<DeleteNotice, 'sessionId' | 'deletedIdClient'>): void {
    const held = this.msgs.get(notice.sessionId)?.get(notice.deletedIdClient);
    if (!held) return;
    this.msgs.get(notice.sessionId)!.set(held.idClient, { ...held, recalled: true });
    this.sorted.delete(notice.sessionId);
    this.set({ msgVersion: this.state.msgVersion + 1 });
  }

  private keepSession(session: ClientSession): void {
    this.sessions.set(session.id, session);
    if (session.lastMsg) this.putMsgs([session.lastMsg]);
  }

  private publishSessions(): void {
    const sessions = sortSessions(this.sessions.values());
    this.set({ sessions });
    this.lookUpNames(sessions.filter((s) => s.scene === 'p2p').map((s) => s.to));
  }

  private set(change: Partial<ChatState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

let client: ChatClient | undefined;

/** The one client of this page load, started on the first chat page. */
export function chatClient(): ChatClient {
  client ??= new ChatClient();
  return client;
}
