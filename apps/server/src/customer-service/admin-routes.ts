// Customer service's admin API (docs/customer-service.md): an operator names agents by mobile,
// lists the team, and takes an agent out (their open conversations go back to the queue).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { requireKey, type CampaignContext } from '../campaigns/index.ts';
import { findUserByMobile } from '../product/index.ts';
import type { ServiceTeam } from './agents.ts';
import { agentListItem } from './routes.ts';
import { agentsWithLoad, loadOf } from './store.ts';

export function registerCustomerServiceAdminRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  team: ServiceTeam,
): void {
  const { db, clock } = ctx.product;
  // Before the body is read: a viewer's or cashier's write is refused as such, not as bad input.
  scope.addHook('onRequest', async (request) => {
    await requireKey(ctx, request, ['admin']);
  });

  route(scope, 'admin.createServiceAgent', async (request, reply) => {
    const user = await findUserByMobile(db, request.body.mobile);
    if (!user) throw fail('csUserUnknown', { status: 400 });
    const agent = await team.add(user, request.body.name);
    reply.code(201);
    return ok({
      ...agentListItem(clock.now())({ ...agent, load: await loadOf(db, agent.user_id) }),
    });
  });

  route(scope, 'admin.serviceAgents', async () =>
    ok({ agents: (await agentsWithLoad(db)).map(agentListItem(clock.now())) }),
  );

  route(scope, 'admin.removeServiceAgent', async (request) => {
    const userId = Number(request.params.userId);
    const returned = await team.remove(userId);
    if (returned === undefined) throw fail('csAgentNotFound', { status: 404 });
    return ok({ userId, returned });
  });
}
