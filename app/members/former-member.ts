/**
 * How a deleted member's name shows beside what they wrote (reviews, listing versions): the account is
 * anonymised, the contributions stay (docs/decisions/0140-former-member.md). A plain module: pages may import it.
 */
export const FORMER_MEMBER = "A former member";
