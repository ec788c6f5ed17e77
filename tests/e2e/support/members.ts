// Helpers for the member-area tests: test images made on the fly, and Treat Points written straight to
// the ledger (as an award would) so the leaderboard has something to order.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { database } from "./accounts";
import { completeCaptcha } from "./captcha";

/** A small PNG of one colour: distinct colours give distinct uploads. */
export async function testImage(name: string, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Awards points now, through the ledger's own rule: one awarded entry, and the balance moved with it. */
export async function awardTestPoints(userId: number, points: number, sourceId: string): Promise<void> {
  const sql = database();
  await sql.begin(async (tx) => {
    await tx`INSERT INTO points_entries (user_id, points, reason, status, awarded_at, source_kind, source_id)
             VALUES (${userId}, ${points}, 'e2e award', 'awarded', now(), 'award', ${sourceId})`;
    await tx`UPDATE users SET points = points + ${points} WHERE id = ${userId}`;
  });
}

export async function pointsEntriesOf(userId: number, kind: string) {
  return database()<{ points: number; status: string; source_id: string | null }[]>`
    SELECT points, status, source_id FROM points_entries WHERE user_id = ${userId} AND source_kind = ${kind}`;
}

/**
 * Completes the captcha like completeCaptcha, but allows the widget's proof-of-work up to 90 s: on a
 * loaded 2-core machine it can take longer than the 20 s the account tests allow.
 */
export async function completeCaptchaPatiently(page: Page, scope: Locator): Promise<void> {
  await completeCaptcha(page, scope, 90_000);
}
