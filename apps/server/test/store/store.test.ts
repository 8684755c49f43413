import { forEachEngine } from '../harness/index.ts';
import { storeContract } from './store.contract.ts';

await forEachEngine((engine) => {
  storeContract(engine.name, async () => {
    const fresh = await engine.freshStore();
    return { open: fresh.open, reopen: fresh.open, dispose: fresh.dispose };
  });
});
