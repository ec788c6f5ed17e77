// The Bark Out mails: a contact message to the team, a new story to the team, and the newsletter's
// confirmation (with a one-click unsubscribe link and List-Unsubscribe headers, RFC 2369 and 8058).
import { absoluteUrl } from "../mail/links.server";
import type { MailMessage } from "../mail/message";
import { escapeHtml } from "../../kit/html";

function simple(to: string, subject: string, lines: string[], options: { replyTo?: string; unsubscribeUrl?: string; action?: { label: string; url: string } } = {}): MailMessage {
  const footer = options.unsubscribeUrl ? ["", "--", `Unsubscribe with one click: ${options.unsubscribeUrl}`] : [];
  const text = [...lines, ...(options.action ? ["", `${options.action.label}: ${options.action.url}`] : []), ...footer].join("\n");
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c2420">
${lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, "<br>")}</p>`).join("\n")}
${options.action ? `<p><a href="${escapeHtml(options.action.url)}">${escapeHtml(options.action.label)}</a></p>` : ""}
${options.unsubscribeUrl ? `<hr><p style="font-size:13px"><a href="${escapeHtml(options.unsubscribeUrl)}">Unsubscribe</a> with one click.</p>` : ""}
</body></html>`;
  const headers: Record<string, string> = {};
  if (options.replyTo) headers["Reply-To"] = options.replyTo;
  if (options.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${options.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { to, subject, text, html, ...(Object.keys(headers).length ? { headers } : {}) };
}

export function contactMail(team: string, message: { name: string; email: string; message: string; id: number }): MailMessage {
  return simple(team, `Contact form: message from ${message.name}`, [`${message.name} <${message.email}> wrote:`, message.message], {
    replyTo: message.email,
    action: { label: "Open in the back office", url: absoluteUrl(`/account/admin/contact-messages/${message.id}`) },
  });
}

export function storyMail(team: string, story: { author: string; postId: number }): MailMessage {
  return simple(team, `Bark Out: a new story from ${story.author}`, [`${story.author} has sent a story. It is waiting as a draft post.`], {
    action: { label: "Review the story", url: absoluteUrl(`/account/admin/blog-posts/edit/${story.postId}`) },
  });
}

export function unsubscribeUrl(token: string): string {
  return absoluteUrl("/newsletter/unsubscribe", { token });
}

export function newsletterConfirmMail(to: string, token: string): MailMessage {
  return simple(
    to,
    "Please confirm your Pawroute newsletter subscription",
    ["Thank you for signing up to the Pawroute newsletter: new dog-friendly walks, pubs and beaches, once a month.", "Please confirm that you want to receive it. If you did not sign up, ignore this mail and you will hear nothing more."],
    { action: { label: "Confirm my subscription", url: absoluteUrl("/newsletter/confirm", { token }) }, unsubscribeUrl: unsubscribeUrl(token) },
  );
}
