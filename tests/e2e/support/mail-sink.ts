// The end-to-end tests' SMTP server: the app under test sends its mail here over real SMTP
// (SMTP_URL in playwright.config.ts) and the tests read it back over HTTP.
//   SMTP  127.0.0.1:$MAIL_SINK_SMTP_PORT (3125)
//   HTTP  127.0.0.1:$MAIL_SINK_HTTP_PORT (3126): GET /health, GET /messages?to=address
import { createServer } from "node:http";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3125);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3126);
const KEEP = 2_000;

interface Received {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const messages: Received[] = [];
let nextId = 1;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((email) => {
          messages.push({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: email.subject ?? "",
            text: email.text ?? "",
            html: email.html ?? "",
          });
          if (messages.length > KEEP) messages.splice(0, messages.length - KEEP);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${HTTP_PORT}`);
  if (url.pathname === "/health") {
    response.end("ok");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify(to ? messages.filter((message) => message.to.includes(to)) : messages));
    return;
  }
  response.statusCode = 404;
  response.end("not found");
});

smtp.listen(SMTP_PORT, "127.0.0.1", () => {
  http.listen(HTTP_PORT, "127.0.0.1", () => {
    console.log(`mail sink: SMTP on ${SMTP_PORT}, HTTP on ${HTTP_PORT}`);
  });
});

function stop() {
  http.close();
  smtp.close(() => process.exit(0));
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
