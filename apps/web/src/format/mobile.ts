// Mobile numbers (spec section 5): shown with a space after the first three digits.

/** Keeps the digits a user typed, at most 11 (a mainland mobile number). */
export function mobileDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 11);
}

/** `13800138000` -> `138 00138000`; shorter input is formatted as far as it goes. */
export function formatMobile(input: string): string {
  const digits = mobileDigits(input);
  return digits.length > 3 ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits;
}

export function isMobile(digits: string): boolean {
  return /^1[3-9]\d{9}$/.test(digits);
}
