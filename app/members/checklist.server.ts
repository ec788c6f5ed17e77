// The account checklist (docs/decisions/0100-account-checklist.md): each item is done when its real event
// has happened (a verified email, an accepted review, a referral sent, the social prompt done, an active
// subscription), read in one query. The member may dismiss the list and bring it back.
import { sql as rawSql } from "drizzle-orm";
import { memberChecklists } from "../../db/schema";
import { db } from "../db.server";
import type { Checklist, ChecklistItem, ChecklistItemId } from "./types";

const ITEMS: readonly Omit<ChecklistItem, "done">[] = [
  { id: "verify-email", label: "Confirm your email address", href: "/account/verify-email", action: "Confirm email" },
  { id: "username", label: "Choose a username", href: "/account/set-username", action: "Choose username" },
  { id: "profile", label: "Add a profile image and a bio", href: "/account/edit-profile", action: "Edit profile" },
  { id: "review", label: "Write your first review", href: "/", action: "Find a place" },
  { id: "listing", label: "Add a listing", href: "/add-listing", action: "Add a listing" },
  { id: "social-media", label: "Follow Pawroute on social media", href: "/account/social-media", action: "Follow us" },
  { id: "refer-a-friend", label: "Refer a friend", href: "/account/refer-a-friend", action: "Refer a friend" },
  { id: "subscribe", label: "Choose a subscription plan", href: "/account/select-plan", action: "Choose a plan" },
];

type Flags = Record<ChecklistItemId, boolean> & { dismissed: boolean };

export async function checklistFor(userId: number): Promise<Checklist> {
  const rows = await db().execute<Record<string, boolean>>(rawSql`
    SELECT
      u.email_verified AS "verify-email",
      u.username IS NOT NULL AS "username",
      (coalesce(u.attributes->>'profile-image', '') <> '' AND coalesce(u.attributes->>'bio', '') <> '') AS "profile",
      EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = u.id AND r.status IN (1, 2)) AS "review",
      EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND l.status <> 4) AS "listing",
      coalesce(c.social_media_subscribed_at IS NOT NULL, false) AS "social-media",
      EXISTS (SELECT 1 FROM referrals f WHERE f.referrer_id = u.id) AS "refer-a-friend",
      EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.ended_at IS NULL AND s.expires_at > now()) AS "subscribe",
      coalesce(c.dismissed_at IS NOT NULL, false) AS "dismissed"
    FROM users u LEFT JOIN member_checklists c ON c.user_id = u.id
    WHERE u.id = ${userId}`);
  const flags = rows[0] as Flags | undefined;
  const items = ITEMS.map((item) => ({ ...item, done: Boolean(flags?.[item.id]) }));
  return { items, doneCount: items.filter((item) => item.done).length, dismissed: Boolean(flags?.dismissed) };
}

/** The spec's POST users/me/checklist/dismiss (and its undo). */
export async function setChecklistDismissed(userId: number, dismissed: boolean): Promise<void> {
  const dismissedAt = dismissed ? rawSql`now()` : null;
  await db()
    .insert(memberChecklists)
    .values({ userId, dismissedAt })
    .onConflictDoUpdate({ target: memberChecklists.userId, set: { dismissedAt } });
}

/** The spec's POST social-media-subscribed: recorded once; later calls keep the first time. Answers whether this call recorded it. */
export async function markSocialMediaSubscribed(userId: number): Promise<boolean> {
  const rows = await db().execute<{ user_id: number }>(rawSql`
    INSERT INTO member_checklists (user_id, social_media_subscribed_at) VALUES (${userId}, now())
    ON CONFLICT (user_id) DO UPDATE SET social_media_subscribed_at = now()
      WHERE member_checklists.social_media_subscribed_at IS NULL
    RETURNING user_id`);
  return rows.length > 0;
}
