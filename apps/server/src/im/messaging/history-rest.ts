// The history actions of the server REST API in NIM's convention (/nimserver/history/*): an app's
// backend reads a one-to-one session or a team's messages as one of its accounts reads them on
// the IM link (getHistoryMsgs): what it may read (a team member from its join), after what it
// cleared, in pages of at most 100.
import type { Msg } from '@morsel/protocol';
import { HISTORY_PAGE_MAX, type NimFormOf, type NimReplyOf } from '@morsel/protocol/nim-rest';
import type { ImAccounts } from '../accounts/index.ts';
import { actingAccount, NimError, nimAction, type NimActions } from '../rest/index.ts';
import type { Messaging } from './index.ts';

type Window = Pick<
  NimFormOf<'history/querySessionMsg'>,
  'begintime' | 'endtime' | 'limit' | 'reverse' | 'type'
>;

/** NIM's window fields as the IM link's history query. */
function windowQuery(form: Window) {
  const beginTime = Number(form.begintime);
  const endTime = Number(form.endtime);
  if (endTime < beginTime) throw new NimError(414, 'endtime must not be before begintime');
  const limit = Number(form.limit);
  if (limit > HISTORY_PAGE_MAX) throw new NimError(414, `limit is at most ${HISTORY_PAGE_MAX}`);
  return {
    beginTime,
    endTime,
    limit,
    // NIM: 1 oldest first, 2 newest first (the default).
    reverse: form.reverse === '1',
    ...(form.type !== undefined && { msgTypes: form.type.split(',').map(Number) }),
  };
}

/** A message as NIM's history answers it. */
export function nimHistoryMsg(msg: Msg): NimReplyOf<'history/querySessionMsg'>['msgs'][number] {
  const payload = msg.file ?? msg.geo ?? msg.robot;
  return {
    from: msg.from,
    to: msg.to,
    msgid: Number(msg.idServer),
    msgidclient: msg.idClient ?? '',
    sendtime: msg.time,
    type: msg.type,
    body: msg.text ?? msg.content ?? '',
    ...(payload !== undefined && { attach: JSON.stringify(payload) }),
    ...(msg.custom !== undefined && { ext: msg.custom }),
  };
}

export function historyRestActions(messaging: Messaging, accounts: ImAccounts): NimActions {
  /** The reading account, which must exist. */
  const reader = (appKey: string, accid: string) =>
    actingAccount(async (app, id) => (await accounts.get(app, id))?.accid, appKey, accid);
  const page = (msgs: Msg[]) => ({ size: msgs.length, msgs: msgs.map(nimHistoryMsg) });

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'history/querySessionMsg', async ({ appKey, form }) => {
      const msgs = await messaging.history(await reader(appKey, form.from), {
        scene: 'p2p',
        to: form.to.toLowerCase(),
        ...windowQuery(form),
      });
      return page(msgs);
    });

    nimAction(scope, appKeyOf, 'history/queryTeamMsg', async ({ appKey, form }) => {
      const msgs = await messaging.history(await reader(appKey, form.accid), {
        scene: 'team',
        to: form.tid,
        ...windowQuery(form),
      });
      return page(msgs);
    });

    nimAction(scope, appKeyOf, 'superteam/queryHistoryMsg', async ({ appKey, form }) => {
      const msgs = await messaging.history(await reader(appKey, form.accid), {
        scene: 'superTeam',
        to: form.tid,
        ...windowQuery(form),
      });
      return page(msgs);
    });
  };
}
