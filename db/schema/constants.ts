// Plain values of the schema that pages use too. No drizzle-orm here: a route component may import
// this file, while nothing from db/schema's table modules may reach the browser
// (build-tools/server-only-guard.ts fails the build when one does). Pages import them from app/.

export { LISTING_STATUS } from "../../core/listing-status";
