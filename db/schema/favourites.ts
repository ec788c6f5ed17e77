import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings";
import { users } from "./users";

/** A member's favourites lists; the default list takes a listing added with the favourite toggle. */
export const favouriteLists = pgTable(
  "favourite_lists",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The creating form's key (migration 0036): a retried creation finds this list instead of making another. */
    clientKey: uuid("client_key"),
    description: text("description").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("favourite_lists_user").on(t.userId),
    uniqueIndex("favourite_lists_one_default").on(t.userId).where(sql`is_default`),
    uniqueIndex("favourite_lists_client_key").on(t.userId, t.clientKey),
  ],
);

export const favouriteItems = pgTable(
  "favourite_items",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => favouriteLists.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.listingId] }), index("favourite_items_listing").on(t.listingId)],
);
