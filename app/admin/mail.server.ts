// The mails an author gets when an administrator publishes, denies or sends back their listing or denies
// their review, in the account mails' layout. A denial or a request for changes always carries its reason.
import type { MailMessage } from "../mail/message";
import { absoluteUrl } from "../mail/links.server";
import { approvedMail, render } from "../mail/templates.server";

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

export const LISTING_DENIED_SUBJECT = "Your Pawroute listing was not accepted";
export const LISTING_CHANGES_SUBJECT = "Your Pawroute listing needs a few changes";

export function listingDeniedMail(to: string, listing: { fullTitle: string; url: string }, reason: string): MailMessage {
  return render(to, {
    subject: LISTING_DENIED_SUBJECT,
    heading: "Your listing was not accepted",
    paragraphs: [`Thank you for adding ${listing.fullTitle}. Our team did not accept it for the directory.`, `The reason: ${reason}`, "You can change the listing and send it again from your listings."],
    action: { label: "Your listings", url: absoluteUrl("/account/listings") },
  });
}

export function listingChangesMail(to: string, listing: { fullTitle: string; url: string }, reason: string): MailMessage {
  return render(to, {
    subject: LISTING_CHANGES_SUBJECT,
    heading: "Your listing needs a few changes",
    paragraphs: [`Thank you for adding ${listing.fullTitle}. Before it can go live, our team has asked for changes.`, `What to change: ${reason}`, "Edit the listing and send it again; we will look at it as soon as we can."],
    action: { label: "Make the changes", url: absoluteUrl(`${listing.url}/edit`) },
  });
}
