// The Treat mails: a redeemed voucher, a posted gift on its way, a gift received, a Treat awarded.
import { absoluteUrl } from "../mail/links.server";
import type { MailMessage } from "../mail/message";
import { render } from "../mail/templates.server";

export function voucherMail(to: string, treat: string, voucher: string, url: string | null): MailMessage {
  return render(to, {
    subject: `Your Treat voucher: ${treat}`,
    heading: "Here is your Treat voucher",
    paragraphs: [`You redeemed "${treat}". Your voucher code is: ${voucher}`, url ? `Use it at ${url}` : "Keep this email: you will need the code to use your Treat."],
    action: { label: "See your Treats", url: absoluteUrl("/account/treats") },
  });
}

export function postedGiftMail(to: string, treat: string, address: string): MailMessage {
  return render(to, {
    subject: `Your Treat is on its way: ${treat}`,
    heading: "Your Treat is on its way",
    paragraphs: [`You redeemed "${treat}". We will post it to: ${address}`],
    action: { label: "See your Treats", url: absoluteUrl("/account/treats") },
  });
}

export function giftReceivedMail(to: string, treat: string, from: string, hexId: string): MailMessage {
  return render(to, {
    subject: `${from} has gifted you a Treat`,
    heading: "You have been gifted a Treat!",
    paragraphs: [`${from} has gifted you "${treat}". It is waiting for you in your Treats.`],
    action: { label: "See your Treat", url: absoluteUrl(`/account/treats/${hexId}`) },
  });
}

export function treatAwardedMail(to: string, treat: string, hexId: string): MailMessage {
  return render(to, {
    subject: `You have been awarded a Treat: ${treat}`,
    heading: "You have been awarded a Treat!",
    paragraphs: [`The Pawroute team has awarded you "${treat}". It is waiting for you in your Treats.`],
    action: { label: "See your Treat", url: absoluteUrl(`/account/treats/${hexId}`) },
  });
}
