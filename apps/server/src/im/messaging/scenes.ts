// What a conversation is for each scene: its key, who takes part, whose session it updates and
// who may read it. One-to-one is here; team and super-team scenes register their own resolver
// with the social-graph feature and then flow through the same send, history and sync paths.
import type { Msg } from '@morsel/protocol';
import { CommandError, type AccountKey } from '../gateway/index.ts';

export type Scene = Msg['scene'];

export interface SessionRef {
  accid: string;
  sessionId: string;
  peer: string;
}

export interface Conversation {
  scene: Scene;
  convKey: string;
  /** Session rows the message updates (the sender's first). */
  sessions: SessionRef[];
  /** Accounts a new message is pushed to (the sender's other devices included). */
  audience: AccountKey[];
  /**
   * A fan-out group (super teams): a new message is published once to the group instead of to
   * each account of the audience, and only the sender's session row is written.
   */
  group?: string;
}

export interface SceneResolver {
  /** The conversation `from` sends to; throws CommandError when not allowed. */
  forSending(appKey: string, from: string, to: string): Promise<Conversation>;
  /** The conversation `accid` reads with target `to`; throws CommandError when not allowed. */
  forReading(appKey: string, accid: string, to: string): Promise<Conversation>;
}

export const sessionIdOf = (scene: Scene, to: string) => `${scene}-${to}`;

/** A stored message's other side as `accid` sees it: the peer account, or the team id. */
export const peerOf = (row: { scene: string; from_accid: string; to_target: string }, accid: string) =>
  row.scene === 'p2p' ? (row.from_accid === accid ? row.to_target : row.from_accid) : row.to_target;

/** The id of the session a stored message shows in, for `accid`. */
export const sessionIdFor = (row: { scene: string; from_accid: string; to_target: string }, accid: string) => sessionIdOf(row.scene as Scene, peerOf(row, accid));

export function parseSessionId(sessionId: string): { scene: Scene; to: string } {
  const dash = sessionId.indexOf('-');
  const scene = sessionId.slice(0, dash) as Scene;
  return { scene, to: sessionId.slice(dash + 1) };
}

export class SceneRegistry {
  private readonly resolvers = new Map<Scene, SceneResolver>();

  register(scene: Scene, resolver: SceneResolver): void {
    this.resolvers.set(scene, resolver);
  }

  get(scene: Scene): SceneResolver {
    const resolver = this.resolvers.get(scene);
    if (!resolver) throw new CommandError(403, `Not_Support: ${scene} messages are not supported by this server yet`, { name: 'Not_Support' });
    return resolver;
  }
}

/** One-to-one: both sides may always read; the recipient must exist. */
export function p2pResolver(accountExists: (appKey: string, accid: string) => Promise<boolean>): SceneResolver {
  const conversation = (appKey: string, a: string, b: string): Conversation => ({
    scene: 'p2p',
    convKey: a < b ? `p2p:${a}|${b}` : `p2p:${b}|${a}`,
    sessions: a === b ? [{ accid: a, sessionId: `p2p-${b}`, peer: b }] : [
      { accid: a, sessionId: `p2p-${b}`, peer: b },
      { accid: b, sessionId: `p2p-${a}`, peer: a },
    ],
    audience: a === b ? [{ appKey, accid: a }] : [{ appKey, accid: a }, { appKey, accid: b }],
  });
  return {
    async forSending(appKey, from, to) {
      if (!(await accountExists(appKey, to))) throw new CommandError(404, `account ${to} does not exist`);
      return conversation(appKey, from, to);
    },
    async forReading(appKey, accid, to) {
      return conversation(appKey, accid, to);
    },
  };
}
