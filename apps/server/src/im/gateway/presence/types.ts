// Who is logged in where: the login ports of each account across every gateway process. One
// interface with two engines, laid out like the bus (src/bus): memory serves one process, Redis
// is shared by all of them. The gateway holds a Presence and never asks which engine it is.
import type { AccountKey, LoginPort } from '../ports.ts';

/** A port with the account it belongs to, as the gateway vouches for it. */
export interface HeldPort {
  account: AccountKey;
  port: LoginPort;
}

export interface Presence {
  readonly kind: 'memory' | 'redis';
  add(account: AccountKey, port: LoginPort): Promise<void>;
  remove(account: AccountKey, connectionId: string): Promise<void>;
  ports(account: AccountKey): Promise<LoginPort[]>;
  /**
   * Vouches again for the ports this process holds. A shared engine drops ports nobody vouched
   * for within its TTL (their process crashed); the memory engine only ever holds this process's
   * ports, so it has nothing to expire.
   */
  refresh(held: HeldPort[]): Promise<void>;
  close(): Promise<void>;
}
