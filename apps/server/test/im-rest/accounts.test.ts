import { forEachEngine } from '../harness/index.ts';
import { accountsContract } from './accounts.contract.ts';

await forEachEngine((engine) => {
  accountsContract(engine.name, () => engine.freshStore());
});
