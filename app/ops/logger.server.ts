// One structured JSON logger (pino) for the server: every line carries the request id when there is one.
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

/** drizzle's query errors name the statement's parameters (emails, typed text): logs keep the statement only. */
const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/**
 * drizzle wraps the driver's error (its `cause`): the PostgreSQL code is logged as the error's own, as before,
 * and the parameters drizzle adds to the message are left out (decision 0318).
 */
export function errorWithCode(error: Error) {
  // Not only Errors are logged as `err`: Remix hands its handleError a route error response, a plain object.
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error);
  if (!serialized) return serialized;
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const withCode = typeof code === "string" && !("code" in serialized) ? { ...serialized, code } : serialized;
  if (typeof withCode.message !== "string" || !withCode.message.startsWith("Failed query:")) return withCode;
  return { ...withCode, message: withCode.message.replace(PARAMS, ""), stack: withCode.stack?.replace(PARAMS, "") };
}

export const logger = pino({ level, base: { service: "pawroute" }, serializers: { err: errorWithCode }, redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'] });
