// Where the SDK runs, read through globalThis so the same code compiles for Node and browsers.
const scope = globalThis as {
  window?: unknown;
  location?: { href: string };
  navigator?: { userAgent?: string };
  process?: { versions?: { node?: string } };
};

export const isNode = (): boolean => !!scope.process?.versions?.node && scope.window === undefined;
export const pageUrl = (): string | undefined => scope.location?.href;
export const userAgent = (): string | undefined => scope.navigator?.userAgent;
