// What the commerce routes and jobs are given: the campaigns' context (store, clock, sessions,
// admin keys) and the payment providers this install runs.
import type { Logger } from '../../log.ts';
import type { CampaignContext } from '../context.ts';
import type { PaymentProvider } from './payment/provider.ts';
import type { PaymentMethodId } from './store/tables.ts';

export interface CommerceContext {
  readonly campaigns: CampaignContext;
  /** The configured providers, in cashier order; the sandbox only in development. */
  readonly providers: ReadonlyMap<PaymentMethodId, PaymentProvider>;
  /** MORSEL_PUBLIC_URL: where providers send shoppers back; else the request's own origin. */
  readonly publicUrl: string | undefined;
  readonly log: Logger;
}
