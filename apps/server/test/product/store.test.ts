import { afterAll } from 'vitest';
import { forEachEngine } from '../harness/index.ts';
import { productStoreContract } from './store.contract.ts';

const disposals: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const dispose of disposals) await dispose();
});

await forEachEngine((engine) => {
  productStoreContract(engine.label, async () => {
    const fresh = await engine.freshStore();
    disposals.push(fresh.dispose);
    return fresh.open();
  });
});
