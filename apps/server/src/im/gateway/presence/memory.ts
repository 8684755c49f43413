// Presence for a single process: a map from account to its ports.
import type { AccountKey, LoginPort } from '../ports.ts';
import type { HeldPort, Presence } from './types.ts';

const keyOf = ({ appKey, accid }: AccountKey) => `${appKey}\u0000${accid}`;

export class MemoryPresence implements Presence {
  readonly kind = 'memory';
  private readonly byAccount = new Map<string, Map<string, LoginPort>>();

  async add(account: AccountKey, port: LoginPort): Promise<void> {
    const key = keyOf(account);
    let ports = this.byAccount.get(key);
    if (!ports) this.byAccount.set(key, (ports = new Map()));
    ports.set(port.connectionId, port);
  }

  async remove(account: AccountKey, connectionId: string): Promise<void> {
    const key = keyOf(account);
    const ports = this.byAccount.get(key);
    ports?.delete(connectionId);
    if (ports?.size === 0) this.byAccount.delete(key);
  }

  async ports(account: AccountKey): Promise<LoginPort[]> {
    return [...(this.byAccount.get(keyOf(account))?.values() ?? [])];
  }

  /** Nothing to do: every port here belongs to this process, which removes them itself. */
  async refresh(_held: HeldPort[]): Promise<void> {}

  async close(): Promise<void> {
    this.byAccount.clear();
  }
}
