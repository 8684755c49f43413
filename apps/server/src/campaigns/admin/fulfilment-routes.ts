// Winners and fulfilment (admin API, decision 0038): a campaign's awards with masked numbers and
// their delivery addresses, newest first by pages; the same as CSV for the courier; and a goods
// prize marked shipped with its carrier and tracking number, which its winner then sees.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { ok } from '@morsel/api';
import { headerValue, route } from '../../api/index.ts';
import { consoleToken, requireConsoleAccount } from '../console/session.ts';
import type { CampaignContext } from '../context.ts';
import { requireAdminCampaign } from './campaign-lookup.ts';
import { findWinner, listWinners, writeShipment } from '../store/fulfilment.ts';
import { refuse } from './refusals.ts';
import { WINNER_CSV_HEADER, winnerCsvRow, winnerView } from './winner-views.ts';

const PAGE = 50;
/** Rows one export holds; a campaign with more is exported by state (docs/campaigns.md). */
export const WINNER_EXPORT_LIMIT = 50_000;

/**
 * The CSV carries recipients' numbers in full (decision 0038): the admin key's, and of console
 * sessions only an operator's. A viewer may read the masked list but not export it (61150).
 */
async function requireFullNumbersAllowed(ctx: CampaignContext, request: FastifyRequest) {
  if (headerValue(request, 'x-admin-key') !== undefined || consoleToken(request) === undefined)
    return; // judged by its key in the admin gate
  if ((await requireConsoleAccount(ctx, request)).role !== 'operator')
    throw refuse('consoleExportOperatorOnly');
}

export function registerFulfilmentRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'admin.winners', async (request) => {
    const campaign = await requireAdminCampaign(db, request.params.id);
    const { state, before, limit } = request.query;
    const size = limit === undefined ? PAGE : Number(limit);
    // One more than asked tells whether another page follows.
    const rows = await listWinners(db, campaign.id, {
      ...(state !== undefined && { state }),
      ...(before !== undefined && { before: Number(before) }),
      limit: size + 1,
    });
    const page = rows.slice(0, size);
    return ok({
      winners: page.map(winnerView),
      next: rows.length > size ? Number(page[page.length - 1]!.id) : null,
    });
  });

  route(scope, 'admin.winnersCsv', async (request, reply) => {
    await requireFullNumbersAllowed(ctx, request);
    const campaign = await requireAdminCampaign(db, request.params.id);
    const { state } = request.query;
    const rows = await listWinners(db, campaign.id, {
      ...(state !== undefined && { state }),
      limit: WINNER_EXPORT_LIMIT,
    });
    const name = `${campaign.id}-winners${state ? `-${state}` : ''}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(
        stringify([WINNER_CSV_HEADER, ...rows.map(winnerCsvRow)], {
          bom: true,
          escape_formulas: true,
        }),
      );
  });

  route(scope, 'admin.shipAward', async (request) => {
    const campaign = await requireAdminCampaign(db, request.params.id);
    const awardId = Number(request.params.award);
    const award = await findWinner(db, campaign.id, awardId);
    if (!award) throw refuse('adminAwardNotFound');
    if (award.kind !== 'goods') throw refuse('adminAwardNotGoods');
    const shipment = {
      carrier: request.body.carrier.trim(),
      trackingNo: request.body.trackingNo.toUpperCase(),
    };
    if (!(await writeShipment(db, awardId, shipment, clock.now()))) {
      // Read again: the winner may have confirmed receipt (or given the address) meanwhile.
      const fresh = await findWinner(db, campaign.id, awardId);
      throw refuse(
        fresh && fresh.received_at !== null ? 'adminAwardReceived' : 'adminAwardNoAddress',
      );
    }
    request.log.info({ campaign: campaign.id, award: awardId }, 'admin API: award shipped');
    return ok(winnerView((await findWinner(db, campaign.id, awardId))!));
  });
}
