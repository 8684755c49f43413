// The chat pages' view of the one IM client (chatClient.ts).
import { useSyncExternalStore } from 'react';
import { chatClient, type ChatClient, type ChatState } from './chatClient.ts';

export function useChat(): { client: ChatClient; state: ChatState } {
  const client = chatClient();
  const state = useSyncExternalStore(client.subscribe, client.getState);
  return { client, state };
}
