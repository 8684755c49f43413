import type { NimCore } from '../core.ts';

// TypeScript requires a mixin's base constructor to take `any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Constructor<T = NimCore> = new (...args: any[]) => T;
