// The orange card's scheduled job, beside the orders' time-outs (commerce/jobs.ts, the same
// pattern): gifts not claimed in time return to their giver. Each return is the conditional
// update pending → returned (which a claim at the same moment cannot also win) and the card back
// to active with its giver, in one transaction.
import { inTransaction } from '../../../store/index.ts';
import type { JobDeps } from '../jobs.ts';
import { dueGifts, markReturned, settleGivingCard } from './store.ts';

const BATCH = 200;

export async function returnExpiredGifts(deps: Pick<JobDeps, 'db' | 'now'>): Promise<number> {
  let returned = 0;
  for (;;) {
    const now = deps.now();
    const due = await dueGifts(deps.db, now, BATCH);
    for (const gift of due) {
      const done = await inTransaction(deps.db, async (trx) => {
        if (!(await markReturned(trx, Number(gift.id), now))) return false;
        await settleGivingCard(trx, Number(gift.card_id), 'back', now);
        return true;
      });
      if (done) returned++;
    }
    if (due.length < BATCH) return returned;
  }
}
