// The mails a member gets when their review is approved (spec §4) or denied (with the reason), in the account mails' layout.
import { absoluteUrl } from "../mail/links.server";
import { approvedMail, render } from "../mail/templates.server";
import type { MailMessage } from "../mail/message";

export function reviewApprovedMail(to: string, listing: { fullTitle: string; url: string }, points: { earned: number; pending: boolean }): MailMessage {
  return approvedMail(
    to,
    {
      subject: "Your Pawroute review has been approved",
      heading: "Your review is live",
      thanks: `Thank you! Your review of ${listing.fullTitle} is now live for other dog owners to read.`,
      label: "See your review",
      url: listing.url,
    },
    points,
  );
}

export const REVIEW_DENIED_SUBJECT = "Your Pawroute review was not accepted";

export function reviewDeniedMail(to: string, listing: { fullTitle: string; url: string }, reason: string): MailMessage {
  return render(to, {
    subject: REVIEW_DENIED_SUBJECT,
    heading: "Your review was not accepted",
    paragraphs: [`Thank you for reviewing ${listing.fullTitle}. Our team did not accept your review.`, `The reason: ${reason}`],
    action: { label: "Your reviews", url: absoluteUrl("/account/reviews") },
  });
}
