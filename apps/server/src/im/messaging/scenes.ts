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
  /**
   * The other side as stored: the recipient's account id as the accounts table spells it (a
   * `to` of `Alice` names `alice`), or the team id. Session ids, stored messages and pushes use
   * this, never the `to` a client sent.
   */
  target: string;
  convKey: string;
  /**
   * The earliest message time the reading account may see (a team member's join time: history
   * from before one joined, or from while one was out, stays hidden). Absent: all of it.
   */
  readableFrom?: number;
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
export const peerOf = (
  row: { scene: string; from_accid: string; to_target: string },
  accid: string,
) =>
  row.scene === 'p2p' ? (row.from_accid === accid ? row.to_target : row.from_accid) : row.to_target;

/** The id of the session a stored message shows in, for `accid`. */
export const sessionIdFor = (
  row: { scene: string; from_accid: string; to_target: string },
  accid: string,
) => sessionIdOf(row.scene as Scene, peerOf(row, accid));

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
    if (!resolver)
      throw new CommandError(
        403,
        `Not_Support: ${scene} messages are not supported by this server yet`,
        { name: 'Not_Support' },
      );
    return resolver;
  }
}

/** The stored message (or its key) is one `conversation` lets its reader see. */
export const readableIn = (
  conversation: Conversation,
  row: { conv_key: string; time: number | bigint },
) => row.conv_key === conversation.convKey && Number(row.time) >= (conversation.readableFrom ?? 0);

/**
 * One-to-one: both sides may always read; the other side must be an existing account, named by
 * its stored id (`storedAccid` canonicalises: `Alice` becomes `alice`, a missing one undefined).
 */
export function p2pResolver(
  storedAccid: (appKey: string, accid: string) => Promise<string | undefined>,
): SceneResolver {
  const conversation = (appKey: string, a: string, b: string): Conversation => ({
    scene: 'p2p',
    target: b,
    convKey: a < b ? `p2p:${a}|${b}` : `p2p:${b}|${a}`,
    sessions:
      a === b
        ? [{ accid: a, sessionId: `p2p-${b}`, peer: b }]
        : [
            { accid: a, sessionId: `p2p-${b}`, peer: b },
            { accid: b, sessionId: `p2p-${a}`, peer: a },
          ],
    audience:
      a === b
        ? [{ appKey, accid: a }]
        : [
            { appKey, accid: a },
            { appKey, accid: b },
          ],
  });
  async function resolve(appKey: string, accid: string, to: string): Promise<Conversation> {
    const peer = await storedAccid(appKey, to);
    if (!peer) throw new CommandError(404, `account ${to} does not exist`);
    return conversation(appKey, accid, peer);
  }
  return {
    forSending: (appKey, from, to) => resolve(appKey, from, to),
    forReading: (appKey, accid, to) => resolve(appKey, accid, to),
  };
}
