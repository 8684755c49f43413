// One conversation's messages (docs/customer-service.md): fetched on arrival, whenever the
// service team's push names the conversation (servicePush.ts), when the IM link comes back, and
// every THREAD_FALLBACK_MS while the link is down. The shopper's page and the agent's workspace
// both read it. A sent message is added at once from the answer; the next fetch brings it again
// and is deduplicated.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type DataOf } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { runAction } from '../../campaign-kit/useRemote.ts';
import { THREAD_FALLBACK_MS, useServicePush } from './servicePush.ts';

export type ServiceMessage = DataOf<'cs.messages'>['messages'][number];
export type ServiceConversation = DataOf<'cs.messages'>['conversation'];

export interface Thread {
  conversation: ServiceConversation | null;
  messages: ServiceMessage[];
  /** A message the caller just sent (from cs.send's answer). */
  add: (message: ServiceMessage) => void;
  /** The conversation changed by an action (claimed, transferred, closed). */
  setConversation: (conversation: ServiceConversation) => void;
  /** Changes arrive by push (the IM link is up), not by polling. */
  live: boolean;
}

function merge(current: ServiceMessage[], incoming: readonly ServiceMessage[]): ServiceMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  return fresh.length === 0 ? current : [...current, ...fresh].sort((a, b) => a.id - b.id);
}

export function useThread(id: number | null): Thread {
  const [conversation, setConversation] = useState<ServiceConversation | null>(null);
  const [messages, setMessages] = useState<ServiceMessage[]>([]);
  const push = useServicePush();
  const fetchNew = useRef<() => void>(() => undefined);

  useEffect(() => {
    setConversation(null);
    setMessages([]);
    if (id === null) return;
    let live = true;
    let after = 0;
    let running = false;
    let again = false;
    // One fetch at a time; a push during one asks for another after it.
    const fetch = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        const reply = await runAction(
          () => api.call('cs.messages', { id, after: String(after) }),
          () => undefined, // a missed fetch is made good by the next push or poll
        );
        if (!live) return;
        if (reply && isSuccess(reply)) {
          setConversation(reply.data.conversation);
          const last = reply.data.messages.at(-1);
          if (last) after = last.id;
          setMessages((current) => merge(current, reply.data.messages));
        }
      } while (again);
      running = false;
    };
    fetchNew.current = () => void fetch();
    const stop = push.onChange((changed) => {
      if (changed === id) void fetch();
    });
    return () => {
      live = false;
      fetchNew.current = () => undefined;
      stop();
    };
  }, [id, push.onChange]);

  // On arrival and whenever the link comes back: fetch; while it is down, poll.
  useEffect(() => {
    if (id === null) return;
    fetchNew.current();
    if (push.live) return;
    const timer = setInterval(() => fetchNew.current(), THREAD_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [id, push.live]);

  const add = useCallback(
    (message: ServiceMessage) => setMessages((current) => merge(current, [message])),
    [],
  );
  return { conversation, messages, add, setConversation, live: push.live };
}
