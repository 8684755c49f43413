// What campaign routes are given: the product API's context (store, clock, areas, sessions) and
// the admin key. Campaigns resolve the shopper exactly as the product API does (src/product/session.ts).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@morsel/api';
import { type ProductContext, readToken, requireUser, type ProductUser } from '../product/index.ts';

export interface CampaignContext {
  readonly product: ProductContext;
  /** MORSEL_ADMIN_KEY; undefined disables the admin API. */
  readonly adminKey: string | undefined;
  /** MORSEL_CASHIER_KEY: a key that may only redeem coupons. */
  readonly cashierKey: string | undefined;
  /** MORSEL_ADMIN_FAILURES_PER_HOUR: wrong keys an address may send before it is refused. */
  readonly adminFailuresPerHour: number;
  /** The operator console's sessions and login limits (console/*.ts). */
  readonly console: {
    /** MORSEL_CONSOLE_SESSION_HOURS in milliseconds. */
    readonly sessionMs: number;
    /** MORSEL_CONSOLE_LOGIN_FAILURES_PER_HOUR, per address and per account. */
    readonly loginFailuresPerHour: number;
  };
}

/** The logged-in shopper, or the product API's -331007 refusal. */
export async function currentUser(
  ctx: CampaignContext,
  request: FastifyRequest,
): Promise<ProductUser> {
  return requireUser(ctx.product, request);
}

/** The shopper when logged in; undefined for a visitor (pages that work logged out use this). */
export async function optionalUser(
  ctx: CampaignContext,
  request: FastifyRequest,
): Promise<ProductUser | undefined> {
  if (!readToken(request)) return undefined;
  try {
    return await requireUser(ctx.product, request);
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

export const userId = (user: ProductUser): number => Number(user.id);
