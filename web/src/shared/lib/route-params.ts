/** The largest id the server stores (a signed 32-bit integer). */
const MAX_ID = 2_147_483_647;

/**
 * A route id or episode number: a positive integer written as plain digits, 1..2147483647.
 * Anything else (0, signs, decimals, spaces, junk, too large) is `null`, so the page answers
 * "not found" without a request.
 */
export function parsePositiveId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
