// What one donation may give: never more than the shopper holds, than one donation may give, nor
// than the project still needs (the server refuses each of these too; the page only keeps the
// shopper from typing a number it would refuse).
export interface DonationBounds {
  balance: number;
  maxPointsPerDonation: number;
  remainingPoints: number;
}

/** The most the shopper can give now (0: nothing). */
export function maxDonation(bounds: DonationBounds): number {
  return Math.max(0, Math.min(bounds.balance, bounds.maxPointsPerDonation, bounds.remainingPoints));
}

/** A typed amount as a whole number of points, or null when it is not one the page can send. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const points = Number(trimmed);
  return points >= 1 ? points : null;
}

/** Why an amount cannot be given, in the page's words; null when it can. */
export function amountProblem(points: number | null, bounds: DonationBounds): string | null {
  if (points === null) return '请输入要捐赠的积分';
  if (points > bounds.balance) return `积分不足，当前可用${bounds.balance}积分`;
  if (points > bounds.maxPointsPerDonation) return `单次最多捐赠${bounds.maxPointsPerDonation}积分`;
  if (points > bounds.remainingPoints) return `该项目还需${bounds.remainingPoints}积分`;
  return null;
}

/** 12345 -> "12,345" */
export function formatPoints(points: number): string {
  return points.toLocaleString('en-US');
}

/** How far a project is, as a whole percentage (a started project shows at least 1%). */
export function percentRaised(raised: number, goal: number): number {
  if (goal <= 0 || raised <= 0) return 0;
  return Math.min(100, Math.max(1, Math.floor((raised * 100) / goal)));
}
