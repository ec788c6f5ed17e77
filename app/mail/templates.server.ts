// The account mails, each with a plain-text and an HTML body. Every value is escaped in the HTML.
import type { MailMessage } from "./message";
import { absoluteUrl } from "./links.server";
import { escapeHtml } from "../../kit/html";

export interface Body {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** Renders one mail in the site's colours: a heading, paragraphs, an optional button, and the same as plain text. */
export function render(to: string, body: Body): MailMessage {
  const footer = body.footer ?? "You are receiving this because of your Pawroute account. If you did not expect it, you can ignore it.";
  const text = [
    body.heading,
    "",
    ...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ""] : []),
    "--",
    footer,
    "Pawroute, the dog-friendly travel directory",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#fbf7f0;color:#1c2420;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.55">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e4dccd;border-radius:12px">
<tr><td style="padding:20px 28px;background:#1f4d3a;border-radius:12px 12px 0 0;color:#ffffff;font-weight:800;font-size:20px">Pawroute</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.2">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join("\n")}
${
  body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:12px 20px;background:#f6c453;color:#1c2420;font-weight:700;text-decoration:none;border-radius:999px">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#55615b">Or copy this address into your browser: <a href="${escapeHtml(body.action.url)}" style="color:#1f5f8b;word-break:break-all">${escapeHtml(body.action.url)}</a></p>`
    : ""
}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e4dccd;font-size:13px;color:#55615b">${escapeHtml(footer)}</td></tr>
</table>
</body></html>`;
  return { to, subject: body.subject, text, html };
}

export function verifyEmailMail(to: string, token: string, redirectTo?: string): MailMessage {
  return render(to, {
    subject: "Confirm your email address for Pawroute",
    heading: "Welcome to Pawroute!",
    paragraphs: [
      "Please confirm that this is your email address. Once it is confirmed you can collect Treat Points for your reviews, listings and more.",
      "The link works for 48 hours.",
    ],
    action: { label: "Confirm my email address", url: absoluteUrl("/account/verify", { token, ...(redirectTo ? { redirectTo } : {}) }) },
  });
}

export function changeEmailMail(to: string, token: string): MailMessage {
  return render(to, {
    subject: "Confirm your new email address for Pawroute",
    heading: "Confirm your new email address",
    paragraphs: [
      `You asked to use ${to} for your Pawroute account. Your email address changes when you follow the link below.`,
      "The link works for 24 hours. If you did not ask for this, ignore this mail: nothing changes.",
    ],
    action: { label: "Use this email address", url: absoluteUrl("/account/verify", { token }) },
  });
}

export function emailAlreadyUsedMail(to: string): MailMessage {
  return render(to, {
    subject: "Your Pawroute account",
    heading: "This address already has a Pawroute account",
    paragraphs: [
      "Someone (perhaps you) tried to join Pawroute, or to move another account to this address. This address already belongs to an account, so nothing was changed.",
      "If it was you, log in with this address. If you have forgotten your password, you can choose a new one.",
    ],
    action: { label: "Choose a new password", url: absoluteUrl("/account/login/forgotten") },
  });
}

export function passwordResetMail(to: string, token: string): MailMessage {
  return render(to, {
    subject: "Reset your Pawroute password",
    heading: "Choose a new password",
    paragraphs: ["We received a request to reset the password of your Pawroute account. The link works once, for one hour.", "If you did not ask for this, ignore this mail: your password stays as it is."],
    action: { label: "Choose a new password", url: absoluteUrl("/account/login/reset", { token }) },
  });
}

export function passwordChangedMail(to: string): MailMessage {
  return render(to, {
    subject: "Your Pawroute password has changed",
    heading: "Your password has changed",
    paragraphs: ["The password of your Pawroute account has just been changed. If that was you, there is nothing more to do.", "If it was not you, choose a new password now and end your other sessions in your account settings."],
    action: { label: "Choose a new password", url: absoluteUrl("/account/login/forgotten") },
  });
}

export function emailChangedNoticeMail(to: string, newEmail: string): MailMessage {
  return render(to, {
    subject: "Your Pawroute email address has changed",
    heading: "Your email address has changed",
    paragraphs: [`Your Pawroute account now uses ${newEmail}. Mail about your account goes there from now on.`, "If you did not make this change, reply to this mail so we can help."],
  });
}

/** What an approval mail (a review, a listing) says: it is live, the points it earned, and a link to it. */
export function approvedMail(
  to: string,
  mail: { subject: string; heading: string; thanks: string; label: string; url: string },
  points: { earned: number; pending: boolean },
): MailMessage {
  const pointsLine =
    points.earned <= 0
      ? []
      : [points.pending ? `You have earned ${points.earned} Treat Points. Confirm your email address to collect them.` : `You have earned ${points.earned} Treat Points.`];
  return render(to, { subject: mail.subject, heading: mail.heading, paragraphs: [mail.thanks, ...pointsLine], action: { label: mail.label, url: absoluteUrl(mail.url) } });
}
