// NIM's msg/delMsgOneWay and msg/delRoamSession of the server REST API, each run through the
// client's own command as the accounts it concerns (decision 0057):
// - delMsgOneWay (NIM's "单向撤回") takes a message away from its receivers only: every receiver
//   (the peer, or every other member of the team) deletes it for itself (deleteMsgSelf), so its
//   devices are told as by a delete on another of its devices (msgDeletedSelf; NIM's SDK
//   onDeleteMsgSelf), later devices learn it in the deleteMsg sync, and the sender keeps it.
//   The form names the message exactly (as msg/recall): anything else answers 404.
// - delRoamSession clears the session for the account `from` (clearServerHistoryMsgs): what it
//   held until now no longer roams to a new device nor reads in its history; the peer keeps
//   everything, and the account's devices are told (sessionCleared).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { ImAccounts } from '../accounts/index.ts';
import { CommandError, type Gateway } from '../gateway/index.ts';
import { NimError, nimAction, restSessions, type NimActions } from '../rest/index.ts';
import { findMessage } from './message-store.ts';
import type { SceneRegistry } from './scenes.ts';

export interface DeleteRestDeps {
  db: Kysely<Database>;
  gateway: Gateway;
  scenes: SceneRegistry;
  accounts: ImAccounts;
  now: () => number;
}

export function deleteRestActions({ db, gateway, scenes, accounts, now }: DeleteRestDeps) {
  const sessionOf = restSessions(accounts, now);

  const actions: NimActions = (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'msg/delMsgOneWay', async ({ appKey, form }) => {
      const sender = await sessionOf(appKey, form.from);
      const scene: 'p2p' | 'team' = form.type === '13' ? 'p2p' : 'team';
      const to = scene === 'p2p' ? form.to.toLowerCase() : form.to;
      const row = await findMessage(db, appKey, form.deleteMsgid);
      if (
        !row ||
        row.deleted_at !== null ||
        row.scene !== scene ||
        row.from_accid !== sender.accid ||
        row.to_target !== to ||
        row.time !== Number(form.timetag)
      )
        throw new NimError(404, 'message not found');
      // Who receives the conversation now, as the sender's next message would reach them.
      const conversation = await scenes.get(scene).forReading(appKey, sender.accid, to);
      const receivers = [
        ...new Set(conversation.audience.map((a) => a.accid).filter((a) => a !== sender.accid)),
      ];
      const msg = { scene, from: sender.accid, to, idServer: form.deleteMsgid, time: row.time };
      for (const accid of receivers) {
        const receiver = await sessionOf(appKey, accid);
        await gateway.runAs(receiver, 'deleteMsgSelf', { msg }).catch((error: unknown) => {
          // A receiver that no longer reads it (deleted it already, history cleared) has
          // nothing to lose; any other refusal stops the action with its code.
          if (!(error instanceof CommandError && error.code === 404)) throw error;
        });
      }
      return {};
    });

    nimAction(scope, appKeyOf, 'msg/delRoamSession', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.from);
      await gateway.runAs(session, 'clearServerHistoryMsgs', {
        scene: form.type === '1' ? 'p2p' : 'team',
        to: form.type === '1' ? form.to.toLowerCase() : form.to,
      });
      return {};
    });
  };
  return actions;
}
