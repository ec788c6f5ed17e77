// Reads the mail the app sent over SMTP to the test mail sink (tests/e2e/support/mail-sink.ts).
import { expect } from "@playwright/test";
import { database } from "./accounts";

// playwright.config.ts puts the sink's HTTP port at the app's port (E2E_PORT, 3100) + 26.
const SINK = `http://127.0.0.1:${process.env.MAIL_SINK_HTTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 26}`;

export interface ReceivedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function mailFor(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${SINK}/messages?to=${encodeURIComponent(address)}`);
  const mails: ReceivedMail[] = await response.json();
  return mails;
}

/** Waits (up to 15 s) for a mail to the address whose subject contains `subject`. */
export async function waitForMail(address: string, subject: string | RegExp, containing?: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailFor(address);
        found = mails
          .reverse()
          .find((mail) => (typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject)) && (containing === undefined || mail.text.includes(containing)));
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${address} about ${subject}`);
  return found;
}

/** The first link in the plain-text body whose path starts with `path`; the HTML body must carry it too. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => new URL(url).pathname.startsWith(path));
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}":\n${mail.text}`);
  expect(mail.html).toContain(link.replaceAll("&", "&#38;"));
  return link;
}

/**
 * Waits until the job queue holds no job that mentions `text` (an address): every job the request queued,
 * and every mail those jobs queued in turn, has run. Then "no mail" is an answer, not a guess at timing.
 */
export async function waitForJobsAbout(text: string): Promise<void> {
  const schema = process.env.JOB_QUEUE_SCHEMA ?? "graphile_worker_e2e";
  await expect
    .poll(
      async () => {
        const [row] = await database().unsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM "${schema}"._private_jobs WHERE strpos(payload::text, $1) > 0`, [text]);
        return row.count;
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBe(0);
}
