// The shape of one command of the table, and the helper every feature file uses to declare it.
import { Type, type TSchema } from '@sinclair/typebox';

import type { Link } from './wire.ts';

export type { Link };

export interface CommandDef<
  Req extends TSchema = TSchema,
  Rep extends TSchema = TSchema,
  PreLogin extends boolean = boolean,
> {
  sid: number;
  cid: number;
  /** The NIM-style name, unique within its link. */
  name: string;
  /** request: client asks, server replies. push: the server sends it unasked. */
  kind: 'request' | 'push';
  link: Link;
  /**
   * Accepted before login (link negotiation, heartbeat, login itself). A literal type, so the
   * server's handler table knows which handlers run without a session.
   */
  preLogin: PreLogin;
  /** Parameters of the request (or of the push). */
  request: Req;
  /** Parameters of a successful reply. */
  reply: Rep;
  /** Default time-out the SDK waits for the reply. */
  timeoutMs: number;
}

/** A parameter map that keeps unknown keys out: the server refuses what it does not know. */
export const Params = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const Empty = Params({});

export const DEFAULT_TIMEOUT_MS = 15_000;

interface Options<Req extends TSchema, Rep extends TSchema, PreLogin extends boolean> {
  request?: Req;
  reply?: Rep;
  kind?: 'request' | 'push';
  link?: Link;
  preLogin?: PreLogin;
  timeoutMs?: number;
}

export function command<
  Req extends TSchema = typeof Empty,
  Rep extends TSchema = typeof Empty,
  PreLogin extends boolean = false,
>(
  sid: number,
  cid: number,
  name: string,
  options: Options<Req, Rep, PreLogin> = {},
): CommandDef<Req, Rep, PreLogin> {
  return {
    sid,
    cid,
    name,
    kind: options.kind ?? 'request',
    link: options.link ?? 'im',
    preLogin: (options.preLogin ?? false) as PreLogin,
    request: (options.request ?? Empty) as Req,
    reply: (options.reply ?? Empty) as Rep,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

/** A push: its `kind` is the literal 'push', so the table's type can tell pushes from requests. */
export type PushDef<P extends TSchema = TSchema> = CommandDef<P, typeof Empty> & { kind: 'push' };

/** Declares a push (server to client): its parameters are the `request` schema. */
export function push<P extends TSchema>(
  sid: number,
  cid: number,
  name: string,
  params: P,
  link: Link = 'im',
): PushDef<P> {
  return { ...command(sid, cid, name, { request: params, link }), kind: 'push' };
}
