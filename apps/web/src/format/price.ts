/** Prices are shown with 2 decimals (spec section 9); unreadable input shows as 0.00. */
export function formatPrice(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  if (!Number.isFinite(amount)) return '0.00';
  // Round half away from zero on the decimal value, not on its binary approximation (1.005 -> 1.01).
  const rounded = Math.sign(amount) * Math.round(Number(`${Math.abs(amount)}e2`));
  return (rounded / 100).toFixed(2);
}
