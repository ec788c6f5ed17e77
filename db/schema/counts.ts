import { integer, pgTable, smallint } from "drizzle-orm/pg-core";
import { listingTypes } from "./geo";

/** Live listings per type, kept by triggers on listings in the same transaction (migrations/0014_listing_counts.sql). */
export const listingTypeCounts = pgTable("listing_type_counts", {
  typeId: smallint("type_id")
    .primaryKey()
    .references(() => listingTypes.id),
  live: integer("live").notNull().default(0),
});
