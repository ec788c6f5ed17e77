// The mail a member gets when their review is approved (spec §4), in the account mails' layout.
import { approvedMail } from "../mail/templates.server";
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
