// Daily upload quotas per account and per client address: stored bytes cost money, so neither
// one account nor one address can fill the disk (counted over files stored since UTC midnight).
import type { FileStore } from './file-store.ts';

export interface UploadQuotas {
  bytesPerAccount: number;
  filesPerAccount: number;
  bytesPerAddress: number;
  filesPerAddress: number;
}

const DAY_MS = 86_400_000;

/** Why `extraBytes` more (and one more file) would go over a quota, or undefined when it fits. */
export async function quotaRefusal(
  store: FileStore,
  quotas: UploadQuotas,
  who: { appKey: string; accid: string; address: string },
  extraBytes: number,
  now: number,
): Promise<string | undefined> {
  const since = now - (now % DAY_MS);
  const account = await store.accountUsageSince(who.appKey, who.accid, since);
  if (account.count + 1 > quotas.filesPerAccount)
    return `daily upload quota of ${quotas.filesPerAccount} files per account is used up`;
  if (account.bytes + extraBytes > quotas.bytesPerAccount)
    return `daily upload quota of ${quotas.bytesPerAccount} bytes per account would be exceeded`;
  const address = await store.addressUsageSince(who.address, since);
  if (address.count + 1 > quotas.filesPerAddress)
    return `daily upload quota of ${quotas.filesPerAddress} files per address is used up`;
  if (address.bytes + extraBytes > quotas.bytesPerAddress)
    return `daily upload quota of ${quotas.bytesPerAddress} bytes per address would be exceeded`;
  return undefined;
}
