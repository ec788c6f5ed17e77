// A listing's versions for the history page: everyone sees the versions that went live; the author and
// administrators also see drafts, submissions and denied versions.
import type { SqlClient } from "../../db/client";
import { LISTING_STATUS } from "../../db/schema/listings";
import type { HistoryData } from "../components/listing/History";
import { FORMER_MEMBER } from "../members/former-member";
import { readVersionData, type ListingVersionData } from "./version-data";

const FIELD_LABELS: [keyof ListingVersionData, string][] = [
  ["title", "title"],
  ["description", "description"],
  ["type", "type"],
  ["address", "address"],
  ["town", "town"],
  ["county", "county"],
  ["postcode", "postcode"],
  ["country", "country"],
  ["lat", "map position"],
  ["facilities", "facilities"],
  ["has_pub", "pub"],
  ["has_beach", "beach"],
  ["gallery", "photos"],
  ["extras", "details"],
];

const STATUS_LABELS: Record<number, string> = { [LISTING_STATUS.submitted]: "Awaiting moderation", [LISTING_STATUS.denied]: "Denied", [LISTING_STATUS.draft]: "Draft" };

export function changedFields(previous: ListingVersionData | null, next: ListingVersionData): string[] {
  if (!previous) return [];
  return FIELD_LABELS.filter(([key]) => JSON.stringify(previous[key]) !== JSON.stringify(next[key]) || (key === "lat" && previous.lng !== next.lng)).map(([, label]) => label);
}

interface Row {
  id: number;
  version: number;
  status: number;
  data: unknown;
  created_at: string;
  username: string | null;
  deleted: boolean;
}

export async function listingHistory(sql: SqlClient, listing: { id: number; url: string; title: string; versionId: number | null }, canManage: boolean): Promise<HistoryData> {
  const rows = await sql<Row[]>`
    SELECT v.id, v.version, v.status, v.data, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, u.username,
           u.deactivated_at IS NOT NULL AS deleted
    FROM listing_versions v LEFT JOIN users u ON u.id = v.user_id
    WHERE v.listing_id = ${listing.id} ${canManage ? sql`` : sql`AND v.status = ${LISTING_STATUS.live}`}
    ORDER BY v.version`;
  let previous: ListingVersionData | null = null;
  const entries = rows.map((row) => {
    const data = readVersionData(row.data);
    const entry = {
      version: row.version,
      status: STATUS_LABELS[row.status] ?? "",
      date: row.created_at,
      editor: row.deleted ? FORMER_MEMBER : (row.username ?? "Pawroute"),
      changes: changedFields(previous, data),
      current: row.id === listing.versionId,
    };
    previous = data;
    return entry;
  });
  return { listing: { id: listing.id, url: listing.url, title: listing.title }, entries: entries.reverse() };
}
