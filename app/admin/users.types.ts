import type { AdminPagination } from "./listings.types";

export type UserFilter = "active" | "unverified" | "admins" | "deleted";

export const USER_FILTERS: Record<UserFilter, string> = {
  active: "Members",
  unverified: "Email not verified",
  admins: "Administrators",
  deleted: "Deleted",
};

export function isUserFilter(value: string | null | undefined): value is UserFilter {
  return typeof value === "string" && Object.hasOwn(USER_FILTERS, value);
}

export interface AdminUserRow {
  id: number;
  hexId: string;
  email: string;
  username: string | null;
  isAdmin: boolean;
  verified: boolean;
  points: number;
  createdAt: string;
  deleted: boolean;
}

export interface AdminUsersPage {
  filter: UserFilter;
  users: AdminUserRow[];
  query: { q: string };
  pagination: AdminPagination;
}

export interface AdminUserDetail extends AdminUserRow {
  address: { address1: string; address2: string; town: string; county: string; postcode: string; countryId: number } | null;
  pending: number;
  listings: { id: number; title: string; url: string; status: string }[];
  reviews: { id: number; hexId: string; title: string; status: string; listing: string }[];
  points: number;
  history: { id: number; date: string; reason: string; points: number; status: string; source: string; awardedBy: string | null }[];
  sessions: number;
  /** The member's profile image and gallery (version 6 thumbnails), which an administrator may remove. */
  profileImage: { id: string; url: string; alt: string } | null;
  gallery: { id: string; url: string; alt: string }[];
}
