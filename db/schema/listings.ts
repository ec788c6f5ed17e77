import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { countries, junctions, listingTypes, roads, walkTypes } from "./geo";
import { geographyPoint } from "./types";
import { users } from "./users";

export { LISTING_STATUS } from "./constants";

export const listings = pgTable(
  "listings",
  {
    id: serial("id").primaryKey(),
    currentVersionId: integer("current_version_id"),
    slug: text("slug").notNull(),
    typeId: smallint("type_id")
      .notNull()
      .references(() => listingTypes.id),
    walkType: text("walk_type")
      .notNull()
      .references(() => walkTypes.path),
    title: text("title").notNull(),
    fullTitle: text("full_title").notNull(),
    description: text("description").notNull().default(""),
    address: text("address").notNull().default(""),
    town: text("town").notNull().default(""),
    county: text("county").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    roadId: integer("road_id").references(() => roads.id, { onDelete: "set null" }),
    junctionId: integer("junction_id").references(() => junctions.id, { onDelete: "set null" }),
    facilityIds: smallint("facility_ids").array().notNull().default(sql`'{}'::smallint[]`),
    hasPub: boolean("has_pub").notNull().default(false),
    hasBeach: boolean("has_beach").notNull().default(false),
    /** false means premium. */
    free: boolean("free").notNull().default(true),
    status: smallint("status").notNull(),
    popularity: integer("popularity").notNull().default(0),
    location: geographyPoint("location").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The operator's id of an imported listing ("source:id"); null for listings added on the site. */
    sourceId: text("source_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("listings_slug").on(t.slug),
    index("listings_location_live").using("gist", t.location).where(sql`status = 2`),
    // The trip planner's overnight stops (migration 0037).
    index("listings_location_lodging_live").using("gist", t.location).where(sql`status = 2 AND type_id = 4`),
    index("listings_junction").on(t.junctionId),
    index("listings_road").on(t.roadId),
    index("listings_type").on(t.typeId),
    index("listings_status_created").on(t.status, t.createdAt),
    index("listings_facilities").using("gin", t.facilityIds),
    index("listings_title_trgm").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
    uniqueIndex("listings_source_id").on(t.sourceId),
  ],
);

/** Every save of a listing (history), and drafts that are not yet the current version. */
export const listingVersions = pgTable(
  "listing_versions",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: smallint("status").notNull(),
    data: jsonb("data").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Submitted by a member before verifying their email: kept as a draft until they verify (docs/decisions/0045). */
    heldUntilVerified: boolean("held_until_verified").notNull().default(false),
    /** Why an administrator denied this version or asked for changes (migration 0035). */
    moderationReason: text("moderation_reason"),
    /** Sent back to its author as a draft to change and resubmit, rather than denied. */
    changesRequested: boolean("changes_requested").notNull().default(false),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("listing_versions_listing_version").on(t.listingId, t.version),
    index("listing_versions_waiting").on(t.listingId).where(sql`status = 1`),
    index("listing_versions_held").on(t.userId).where(sql`held_until_verified`),
  ],
);
