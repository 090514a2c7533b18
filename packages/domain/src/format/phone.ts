const MASK = '****';
/** Shortest value that can keep 3 leading and 4 trailing characters and still hide at least one. */
const MIN_MASKABLE_LENGTH = 8;

/**
 * Masks a phone number as its first 3 characters, '****' and its last 4 (spec §2 user popover,
 * business-rules.md: `138****1234`).
 *
 * An 11-digit mobile gives exactly `138****1234`. Other values are masked the same way when they have at
 * least 8 characters (a landline such as '010-12345678' → '010****5678'); shorter values become '****' so
 * nothing of them leaks; an empty or missing value gives ''. Surrounding spaces are ignored.
 */
export function maskPhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim();
  if (value === '') return '';
  if (value.length < MIN_MASKABLE_LENGTH) return MASK;
  return `${value.slice(0, 3)}${MASK}${value.slice(-4)}`;
}

/** spec §2 user popover: the real user name when there is one, otherwise the masked phone. */
export function userDisplayName(user: { realUserName?: string | null; mobile?: string | null }): string {
  const realName = user.realUserName?.trim();
  return realName ? realName : maskPhone(user.mobile);
}
