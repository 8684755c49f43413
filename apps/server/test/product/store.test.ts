import { afterAll } from 'vitest';
import { forEachEngine } from '../harness/index.ts';
import { productStoreContract } from './store.contract.ts';

const disposals: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(disposals.map((dispose) => dispose()));
});

await forEachEngine((engine) => {
  productStoreContract(engine.label, async () => {
    const fresh = await engine.freshStore();
    disposals.push(fresh.dispose);
    return fresh.open();
  });
});
