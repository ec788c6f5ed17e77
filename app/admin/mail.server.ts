// The mail an author gets when an administrator publishes their listing, in the account mails' layout.
import type { MailMessage } from "../mail/message";
import { approvedMail } from "../mail/templates.server";

export const LISTING_APPROVED_SUBJECT = "Your Pawroute listing has been approved";

export function listingApprovedMail(to: string, listing: { fullTitle: string; url: string }, points: { earned: number; pending: boolean }): MailMessage {
  return approvedMail(
    to,
    {
      subject: LISTING_APPROVED_SUBJECT,
      heading: "Your listing is live",
      thanks: `Thank you! ${listing.fullTitle} is now live in the directory for other dog owners to find.`,
      label: "See your listing",
      url: listing.url,
    },
    points,
  );
}
