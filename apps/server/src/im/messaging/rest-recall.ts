// NIM's msg/recall of the server REST API: an app backend recalls a message as its sender through
// the client's own command (deleteMsg), so the same rules hold: only the sender's own message,
// within the app's recall window (508 past it); every device of both sides is told. The form
// names the message fully (msgid, timetag, sender, receiver, one-to-one or team): a message that
// does not match all of them answers 404, so a wrong form never recalls another message.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { ImAccounts } from '../accounts/index.ts';
import type { Gateway } from '../gateway/index.ts';
import { NimError, nimAction, restSessions, type NimActions } from '../rest/index.ts';
import { findMessage } from './message-store.ts';

export function recallRestAction(
  db: Kysely<Database>,
  gateway: Gateway,
  accounts: ImAccounts,
  now: () => number,
): NimActions {
  const sessionOf = restSessions(accounts, now);
  /** Recalls the message the form names exactly (404 otherwise) through the client's deleteMsg. */
  async function recall(
    appKey: string,
    form: { deleteMsgid: string; timetag: string; from: string; to: string; msg?: string },
    scene: 'p2p' | 'team' | 'superTeam',
  ) {
    const session = await sessionOf(appKey, form.from);
    const to = scene === 'p2p' ? form.to.toLowerCase() : form.to;
    const row = await findMessage(db, appKey, form.deleteMsgid);
    if (
      !row ||
      row.scene !== scene ||
      row.from_accid !== session.accid ||
      row.to_target !== to ||
      row.time !== Number(form.timetag)
    )
      throw new NimError(404, 'message not found');
    await gateway.runAs(session, 'deleteMsg', {
      msg: { scene, from: session.accid, to, idServer: form.deleteMsgid, time: row.time },
      ...(form.msg !== undefined && { ps: form.msg }),
    });
  }

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'msg/recall', async ({ appKey, form }) => {
      await recall(appKey, form, form.type === '8' ? 'team' : 'p2p');
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/recallMsg', async ({ appKey, form }) => {
      await recall(appKey, form, 'superTeam');
      return {};
    });
  };
}
