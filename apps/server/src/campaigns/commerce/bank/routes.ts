// The bank card top-up (/activity/bank/*): the shopper's prepaid card with the amounts on offer
// and the bank channel's bonus, and ordering a top-up. The amount is the server's: the page
// sends the option and the amount it showed, and an amount that differs (a stale page, a
// tampered request) is refused with 63001 rather than charged.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../../api/index.ts';
import { isUniqueViolation } from '../../../store/index.ts';
import { currentUser, userId } from '../../context.ts';
import {
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
} from '../../kernel/window.ts';
import type { CommerceContext } from '../context.ts';
import { yuan } from '../money.ts';
import { createOrder } from '../orders.ts';
import { findCard, openCard, type PrepaidCard } from '../store/cards.ts';
import { maskCardNo, orderView } from '../views.ts';
import { creditFor, findChannel, type BankSettings } from './settings.ts';

export const BANK_CAMPAIGN = 'bank';

/** 16 digits starting 8888, the prepaid range. */
const newCardNo = () => `8888${String(randomInt(1_000_000_000_000)).padStart(12, '0')}`;

/** The shopper's card, opened (balance 0) on first sight. */
async function cardOf(ctx: CommerceContext, uid: number, now: number): Promise<PrepaidCard> {
  const { db } = ctx.campaigns.product;
  for (let attempt = 0; ; attempt++) {
    const card = await findCard(db, uid);
    if (card) return card;
    try {
      await openCard(db, { userId: uid, cardNo: newCardNo(), now });
    } catch (error) {
      // The drawn number belongs to another card: draw again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export function registerBankRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const { db, clock } = ctx.campaigns.product;

  route(scope, 'bank.card', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, BANK_CAMPAIGN);
    const user = await currentUser(ctx.campaigns, request);
    const settings = parseSettings<BankSettings>(campaign);
    const channel = findChannel(settings, request.query.channel);
    const card = await cardOf(ctx, userId(user), now);
    return ok({
      campaign: publicCampaign(campaign, now),
      card: {
        cardNo: maskCardNo(card.card_no),
        balance: Number(card.balance),
        balanceText: yuan(Number(card.balance)),
      },
      options: settings.options.map((option) => {
        const credit = creditFor(option.amount, channel);
        return {
          id: option.id,
          amount: option.amount,
          amountText: yuan(option.amount),
          credit,
          creditText: yuan(credit),
          bonusText:
            credit > option.amount
              ? `${channel!.name}专享 赠${yuan(credit - option.amount)}元`
              : '',
        };
      }),
      channel: channel ? { code: channel.code, name: channel.name } : null,
      methods: [...ctx.providers.values()].map((p) => ({ id: p.method, name: p.title })),
    });
  });

  route(scope, 'bank.order', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, BANK_CAMPAIGN);
    const user = await currentUser(ctx.campaigns, request);
    requireRunning(campaign, now);
    const settings = parseSettings<BankSettings>(campaign);
    const option = settings.options.find((o) => o.id === request.body.optionId);
    if (!option) throw fail('topUpOptionInvalid');
    if (Number(request.body.amount) !== option.amount)
      throw fail('orderAmountChanged', { data: { amount: option.amount } });
    const channel = findChannel(settings, request.body.channel);
    const uid = userId(user);
    const card = await cardOf(ctx, uid, now);
    const order = await createOrder(db, {
      userId: uid,
      kind: 'bank_topup',
      subject: `${settings.cardName}充值${yuan(option.amount)}元`,
      amount: option.amount,
      channel: channel?.code ?? null,
      detail: {
        optionId: option.id,
        cardNo: card.card_no,
        credit: creditFor(option.amount, channel),
        channelName: channel?.name ?? null,
      },
      now,
      expiresAt: now + settings.orderMinutes * 60_000,
    });
    return ok(orderView(order, now));
  });
}
