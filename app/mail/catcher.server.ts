// The local mail catcher: a small SMTP server on the loopback interface that keeps every mail in the
// caught_mail table instead of delivering it. server.ts starts it when SMTP_URL is unset
// (docs/decisions/0011-mail-and-jobs.md); /dev/mail lists what it caught in development.
import { desc, eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { caughtMail } from "../../db/schema";
import { db } from "../db.server";

export interface MailCatcher {
  port: number;
  close: () => Promise<void>;
}

const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export function startMailCatcher(port: number, options: { logLinks: boolean }): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: "Pawroute local mail catcher",
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const rcptTo = session.envelope.rcptTo.map((recipient) => recipient.address);
        PostalMime.parse(raw)
          .then(async (email) => {
            const subject = email.subject ?? "(no subject)";
            await db()
              .insert(caughtMail)
              .values({ mailFrom, rcptTo, subject, text: email.text ?? "", html: email.html ?? "" });
            if (options.logLinks) {
              const links = (email.text ?? "").match(/https?:\/\/\S+/g) ?? [];
              console.log(`Mail caught (SMTP_URL is not set, so it was not delivered): to ${rcptTo.join(", ")}, "${subject}"${links.length ? `; links: ${links.join(" ")}` : ""}`);
            }
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolve({ port: bound, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}


/** The development mail page (/dev/mail): the latest 100 caught mails, and one opened. */
export async function caughtMailView(id: number | null) {
  const list = await db()
    .select({ id: caughtMail.id, receivedAt: caughtMail.receivedAt, to: caughtMail.rcptTo, subject: caughtMail.subject })
    .from(caughtMail)
    .orderBy(desc(caughtMail.id))
    .limit(100);
  const [open] = id ? await db().select().from(caughtMail).where(eq(caughtMail.id, id)) : [];
  return {
    list: list.map((mail) => ({ ...mail, receivedAt: mail.receivedAt.toISOString() })),
    open: open ? { id: open.id, to: open.rcptTo, from: open.mailFrom, subject: open.subject, text: open.text, html: open.html, receivedAt: open.receivedAt.toISOString() } : null,
  };
}
