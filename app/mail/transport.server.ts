// Sends mail over SMTP with nodemailer: to SMTP_URL, or to the local mail catcher when it is unset.
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "../env.server";
import type { MailMessage } from "./message";

// One transport per process, kept on globalThis like the database pool: server.ts configures it, and
// the job worker's tasks (which may be loaded as another copy of this module) send with it.
const KEY = Symbol.for("pawroute.mail.transport");
type Holder = { [KEY]?: { transporter: Transporter } };
const holder = globalThis as Holder;

/** Points the sender at an SMTP server (server.ts calls this once at start-up). */
export function configureMailTransport(smtpUrl: string, options: { local?: boolean } = {}): void {
  holder[KEY]?.transporter.close();
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // The local catcher speaks plain SMTP on the loopback interface only.
    ...(options.local ? { ignoreTLS: true } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  holder[KEY] = { transporter };
}

/** Sends one mail now; throws when the SMTP server refuses or cannot be reached (the job is then retried). */
export async function sendMailNow(message: MailMessage): Promise<void> {
  const current = holder[KEY];
  if (!current) throw new Error("No mail transport is configured: the app's server (server.ts) sets one up at start-up");
  const { ["Reply-To"]: replyTo, ...headers } = message.headers ?? {};
  await current.transporter.sendMail({ from: getEnv().MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, replyTo, headers });
}

export function closeMailTransport(): void {
  holder[KEY]?.transporter.close();
  holder[KEY] = undefined;
}
