// Message extras as they travel (document 2, sections 3, 5 and 7; docs/im-extras.md): quick
// comments, collects, message pins and stick-top sessions.
import { Type } from '@sinclair/typebox';
import { Account, Id, SessionId, Time } from '../common.ts';
import { MsgKey } from './messaging.ts';

const Opt = Type.Optional;
const Text = (maxLength: number) => Type.String({ maxLength });

/** Whether and how the other side gets an offline push of a quick comment. */
export const PushOptions = {
  needPush: Opt(Type.Boolean()),
  needBadge: Opt(Type.Boolean()),
  pushTitle: Opt(Text(256)),
  pushContent: Opt(Text(500)),
  pushPayload: Opt(Text(2048)),
};

export const QuickComment = Type.Object({
  from: Account,
  /** An emoji or reaction id chosen by the application. */
  body: Type.Integer(),
  time: Time,
  custom: Opt(Text(1024)),
  ...PushOptions,
});
export const Collect = Type.Object({
  id: Id,
  type: Type.Integer(),
  data: Type.String(),
  custom: Opt(Type.String()),
  uniqueId: Opt(Type.String()),
  createTime: Time,
  updateTime: Time,
});
export const MsgPin = Type.Object({
  msg: MsgKey,
  pinFrom: Account,
  pinCustom: Opt(Text(1024)),
  createTime: Time,
  updateTime: Time,
});
export const StickTopSession = Type.Object({
  id: SessionId,
  topCustom: Opt(Text(1024)),
  createTime: Time,
  updateTime: Time,
});
