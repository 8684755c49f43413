// Making agents (docs/customer-service.md): a shopper named by mobile joins the service team with
// the name shoppers see. An agent is an IM account of the default IM app (the one chat in the app
// gives the shopper), so the team is a set of IM accounts; leaving the team sends the agent's
// open conversations back to waiting, where the others take them by load.
import type { Kysely } from 'kysely';
import type { ShopperAccounts } from '../chat/index.ts';
import type { ProductUser } from '../product/index.ts';
import type { Database } from '../store/index.ts';
import type { CustomerService } from './service.ts';
import { deactivateAgent, findAgent, returnConversations, saveAgent, type Agent } from './store.ts';

export class ServiceTeam {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly shoppers: ShopperAccounts,
    private readonly service: CustomerService,
    private readonly now: () => number,
  ) {}

  /** Makes `user` an agent (or renames one); their IM account is made if it is not yet. */
  async add(user: ProductUser, name: string): Promise<Agent> {
    const userId = Number(user.id);
    const { account } = await this.shoppers.login({ ...user, id: userId });
    await saveAgent(this.db, {
      user_id: userId,
      name: name.trim(),
      accid: account,
      created_at: this.now(),
    });
    return (await findAgent(this.db, userId))!;
  }

  /** Takes an agent out; how many open conversations went back to waiting, or undefined. */
  async remove(userId: number): Promise<number | undefined> {
    if (!(await deactivateAgent(this.db, userId))) return undefined;
    const returned = await returnConversations(this.db, userId);
    for (const conversationId of returned)
      await this.service.announce({ conversationId, queue: true, also: [userId] });
    await this.service.assignWaiting();
    return returned.length;
  }
}
