// Plain values of the schema that pages use too. No drizzle-orm here: a route component may import
// this file, while nothing from db/schema's table modules may reach the browser
// (build-tools/server-only-guard.ts fails the build when one does).

/** Listing statuses: the spec's 1 submitted and 4 draft, plus 2 live and 3 denied (docs/decisions/0003). */
export const LISTING_STATUS = { submitted: 1, live: 2, denied: 3, draft: 4 } as const;
