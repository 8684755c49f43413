// Fan-out to groups (super teams): one bus channel per group, to which a process subscribes
// while it holds connections of group members. A message to a 10,000-member group is one
// publish, not 10,000; each process hands it to its own members' connections.
import type { Bus, Unsubscribe } from '../../bus/index.ts';
import { shareFrame, type ImConnection } from './connection.ts';

interface LocalGroup {
  connections: Set<ImConnection>;
  unsubscribe: Promise<Unsubscribe>;
}

export const groupChannel = (group: string) => `im:group:${group}`;

export class GroupFanout {
  private readonly groups = new Map<string, LocalGroup>();
  private readonly byConnection = new Map<ImConnection, Set<string>>();

  constructor(private readonly bus: Bus) {}

  async join(connection: ImConnection, group: string): Promise<void> {
    let local = this.groups.get(group);
    if (!local) {
      local = {
        connections: new Set(),
        unsubscribe: this.bus.subscribe(groupChannel(group), (payload) =>
          this.deliver(group, payload),
        ),
      };
      this.groups.set(group, local);
    }
    local.connections.add(connection);
    let joined = this.byConnection.get(connection);
    if (!joined) this.byConnection.set(connection, (joined = new Set()));
    joined.add(group);
    await local.unsubscribe;
  }

  leave(connection: ImConnection, group: string): void {
    const local = this.groups.get(group);
    local?.connections.delete(connection);
    this.byConnection.get(connection)?.delete(group);
    if (local && local.connections.size === 0) {
      this.groups.delete(group);
      void local.unsubscribe.then((unsubscribe) => unsubscribe());
    }
  }

  leaveAll(connection: ImConnection): void {
    for (const group of [...(this.byConnection.get(connection) ?? [])])
      this.leave(connection, group);
    this.byConnection.delete(connection);
  }

  publish(group: string, frame: Uint8Array): Promise<void> {
    return this.bus.publish(groupChannel(group), frame);
  }

  /** How many groups this process follows (for tests and metrics). */
  get size(): number {
    return this.groups.size;
  }

  private deliver(group: string, frame: Uint8Array): void {
    const connections = this.groups.get(group)?.connections;
    if (!connections || connections.size === 0) return;
    // Framed for the WebSocket once, written as it is to every member's socket.
    const shared = shareFrame(frame);
    for (const connection of connections) connection.sendShared(shared);
  }
}
