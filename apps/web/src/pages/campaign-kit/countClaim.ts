// What a page shows after a claim succeeds, before it reloads: the shopper holds one more of
// that template, and at the template's per-user limit it reads 已领取. The one copy of the
// server's rule the coupon centre, CMS coupon blocks and content zones all apply.

interface Claimable {
  templateKey: string;
  claimedByMe: number;
  perUserLimit: number;
  state: string;
}

export function countClaim<T extends Claimable>(coupons: T[], templateKey: string): T[] {
  return coupons.map((t) =>
    t.templateKey !== templateKey
      ? t
      : {
          ...t,
          claimedByMe: t.claimedByMe + 1,
          state: t.claimedByMe + 1 >= t.perUserLimit ? 'claimed' : 'claimable',
        },
  );
}
