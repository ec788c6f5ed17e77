// One structured JSON logger (pino) for the server: every line carries the request id when there is one.
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

/** drizzle wraps the driver's error (its `cause`): the PostgreSQL code is logged as the error's own, as before (decision 0318). */
function errorWithCode(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" && serialized && !("code" in serialized) ? { ...serialized, code } : serialized;
}

export const logger = pino({ level, base: { service: "pawroute" }, serializers: { err: errorWithCode }, redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'] });
