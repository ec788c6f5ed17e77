// One structured JSON logger (pino) for the server: every line carries the request id when there is one.
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

export const logger = pino({ level, base: { service: "pawroute" }, redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'] });
