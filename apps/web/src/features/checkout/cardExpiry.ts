/** 'MM/YY', 'MM / YYYY' or 'MMYY' as typed into the expiry field; NaN parts when unreadable. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { expMonth: Number.NaN, expYear: Number.NaN };
  return { expMonth: Number(match[1]), expYear: Number(match[2]) };
}
