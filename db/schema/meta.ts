import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What the demo generator last loaded (seed and sizes), so a second start does not reseed. */
export const demoMeta = pgTable("demo_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});
