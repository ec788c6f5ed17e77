import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** One stored size of an uploaded image (the spec's versions keyed by size; 6 is the thumbnail). */
export interface StoredImageVersion {
  width: number;
  height: number;
}

/** Size key → the WebP stored for it; urls are derived from the file id (app/uploads/images.ts). */
export type StoredImageVersions = Record<string, StoredImageVersion>;

/**
 * Uploaded images (the spec's uploaded image: id and versions). An upload belongs to the member who
 * sent it, or to the visitor whose signed upload cookie sent it, until a saved listing or review
 * attaches it. Galleries are the ordered ids kept in a listing version's data or on a review.
 */
export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    /** 24 random hex characters: the spec's hex ids, unguessable in URLs. */
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** SHA-256 of a visitor's upload token (the cookie holds the token), for visitors' listing submissions. */
    visitorKey: text("visitor_key"),
    /** What was uploaded: jpeg, png, webp, gif, heif or tiff. */
    sourceFormat: text("source_format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    versions: jsonb("versions").$type<StoredImageVersions>().notNull(),
    altTitle: text("alt_title").notNull().default(""),
    /** Set when a saved listing version or review uses the image; unattached uploads may be deleted by their owner. */
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploaded_files_user").on(t.userId), index("uploaded_files_visitor").on(t.visitorKey), index("uploaded_files_created").on(t.createdAt)],
);
