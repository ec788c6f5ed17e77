// The mail an author gets when an administrator publishes their listing, plain text and HTML, every value escaped.
import { absoluteUrl } from "../mail/links.server";
import type { MailMessage } from "../mail/message";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export const LISTING_APPROVED_SUBJECT = "Your Pawroute listing has been approved";

export function listingApprovedMail(to: string, listing: { fullTitle: string; url: string }, points: { earned: number; pending: boolean }): MailMessage {
  const link = absoluteUrl(listing.url);
  const pointsLine =
    points.earned > 0
      ? points.pending
        ? `You have earned ${points.earned} Treat Points. Confirm your email address to collect them.`
        : `You have earned ${points.earned} Treat Points.`
      : "";
  const paragraphs = [`Thank you! ${listing.fullTitle} is now live in the directory for other dog owners to find.`, pointsLine].filter(Boolean);
  const text = ["Your listing is live", "", ...paragraphs.flatMap((paragraph) => [paragraph, ""]), `See it here: ${link}`, "", "--", "Pawroute, the dog-friendly travel directory"].join("\n");
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(LISTING_APPROVED_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#fbf7f0;color:#1c2420;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.55">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e4dccd;border-radius:12px;padding:28px">
<h1 style="margin:0 0 16px;font-size:22px">Your listing is live</h1>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#f6c453;color:#1c2420;font-weight:700;text-decoration:none;border-radius:999px">See your listing</a></p>
</div>
</body></html>`;
  return { to, subject: LISTING_APPROVED_SUBJECT, text, html };
}
