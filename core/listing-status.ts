// Listing statuses, plain values that pages use too (no database code here, so a route component may import it).

/** The spec's 1 submitted and 4 draft, plus 2 live and 3 denied (docs/decisions/0003). */
export const LISTING_STATUS = { submitted: 1, live: 2, denied: 3, draft: 4 } as const;
