// NIM's custom system notifications of the server REST API (msg/sendAttachMsg,
// msg/sendBatchAttachMsg): an app backend sends as one of its accounts through the client's own
// command (sendCustomSysMsg), so the same rules hold: the receiver's blacklist, team membership
// and mutes, the team fan-out budget (416). NIM keeps them for offline devices unless save=1.
import type { CustomSysMsg } from '@morsel/protocol';
import type { NimFormOf } from '@morsel/protocol/nim-rest';
import type { ImAccounts } from '../accounts/index.ts';
import type { Gateway, Session } from '../gateway/index.ts';
import { NimError, nimAction, restSessions, type NimActions } from '../rest/index.ts';
import { batchRecipients, parseJson } from './rest.ts';

type AttachForm = Omit<NimFormOf<'msg/sendBatchAttachMsg'>, 'fromAccid' | 'toAccids'>;

/** The notification a form describes, to one account or team. */
function customSysMsgOf(form: AttachForm, scene: CustomSysMsg['scene'], to: string): CustomSysMsg {
  let cc: boolean | undefined;
  if (form.option !== undefined) {
    const option = parseJson(form.option, 'option');
    if (!option || typeof option !== 'object')
      throw new NimError(414, 'option must be a JSON object');
    const route = (option as Record<string, unknown>).route;
    if (route !== undefined && typeof route !== 'boolean')
      throw new NimError(414, 'option.route must be true or false');
    cc = route as boolean | undefined;
  }
  return {
    scene,
    to,
    content: form.attach,
    sendToOnlineUsersOnly: form.save === '1',
    ...(form.pushcontent !== undefined && { apnsText: form.pushcontent }),
    ...(form.payload !== undefined && { pushPayload: form.payload }),
    ...(cc !== undefined && { cc }),
  };
}

export function attachMsgRestActions(
  gateway: Gateway,
  accounts: ImAccounts,
  now: () => number,
): NimActions {
  const sessionOf = restSessions(accounts, now);
  const send = (session: Session, sysMsg: CustomSysMsg) =>
    gateway.runAs(session, 'sendCustomSysMsg', { sysMsg });

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'msg/sendAttachMsg', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.from);
      const scene = form.msgtype === '1' ? 'team' : 'p2p';
      await send(session, customSysMsgOf(form, scene, form.to));
      return {};
    });

    nimAction(scope, appKeyOf, 'msg/sendBatchAttachMsg', async ({ appKey, form }) => {
      const recipients = batchRecipients(form.toAccids);
      const session = await sessionOf(appKey, form.fromAccid);
      const unregister: string[] = [];
      for (const to of recipients) {
        if (!(await accounts.get(appKey, to))) {
          unregister.push(to);
          continue;
        }
        await send(session, customSysMsgOf(form, 'p2p', to));
      }
      return { unregister: JSON.stringify(unregister) };
    });

    nimAction(scope, appKeyOf, 'superteam/sendAttachMsg', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.from);
      await send(
        session,
        customSysMsgOf(
          {
            attach: form.attach,
            // Super-team notifications reach online members only (the IM link's rule; NIM's form
            // has no save for them).
            save: '1',
            ...(form.option !== undefined && { option: form.option }),
            ...(form.pushContent !== undefined && { pushcontent: form.pushContent }),
            ...(form.pushPayload !== undefined && { payload: form.pushPayload }),
          },
          'superTeam',
          form.to,
        ),
      );
      return {};
    });
  };
}
