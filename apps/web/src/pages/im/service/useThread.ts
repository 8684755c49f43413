// One conversation's messages, kept fresh by asking for those after the last one every 2 s
// (docs/customer-service.md): the shopper's page and the agent's workspace both read it. A sent
// message is added at once from the answer; the next poll brings it again and is deduplicated.
import { useCallback, useEffect, useState } from 'react';
import { api, type DataOf } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { runAction } from '../../campaign-kit/useRemote.ts';

export type ServiceMessage = DataOf<'cs.messages'>['messages'][number];
export type ServiceConversation = DataOf<'cs.messages'>['conversation'];

/** How often an open thread asks for new messages. */
export const THREAD_POLL_MS = 2000;

export interface Thread {
  conversation: ServiceConversation | null;
  messages: ServiceMessage[];
  /** A message the caller just sent (from cs.send's answer). */
  add: (message: ServiceMessage) => void;
  /** The conversation changed by an action (claimed, transferred, closed). */
  setConversation: (conversation: ServiceConversation) => void;
}

function merge(current: ServiceMessage[], incoming: readonly ServiceMessage[]): ServiceMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  return fresh.length === 0 ? current : [...current, ...fresh].sort((a, b) => a.id - b.id);
}

export function useThread(id: number | null): Thread {
  const [conversation, setConversation] = useState<ServiceConversation | null>(null);
  const [messages, setMessages] = useState<ServiceMessage[]>([]);

  useEffect(() => {
    setConversation(null);
    setMessages([]);
    if (id === null) return;
    let live = true;
    let after = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const reply = await runAction(
        () => api.call('cs.messages', { id, after: String(after) }),
        () => undefined, // a missed poll is retried by the next one
      );
      if (!live) return;
      if (reply && isSuccess(reply)) {
        setConversation(reply.data.conversation);
        const last = reply.data.messages.at(-1);
        if (last) after = last.id;
        setMessages((current) => merge(current, reply.data.messages));
      }
      timer = setTimeout(() => void tick(), THREAD_POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);

  const add = useCallback(
    (message: ServiceMessage) => setMessages((current) => merge(current, [message])),
    [],
  );
  return { conversation, messages, add, setConversation };
}
