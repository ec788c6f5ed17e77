// The one place where errors become responses. Domain code throws AppError (app/errors.ts); every
// route's loader and action is wrapped (withErrorResponses, called by server.ts) so that whatever
// they throw becomes `errorResponse(...)`: the error boundaries render it, resource routes send it.
// Routes never catch to answer an error themselves: they throw, and this module answers. Every body it
// makes, JSON or a form's, is the one shape AppErrorData: { message, fieldErrors?, code?, requestId }
// and a form's documented extras (decision 0319).
import { data, type ServerBuild } from "@remix-run/node";
import { AsyncLocalStorage } from "node:async_hooks";
import { ZodError } from "zod";
import { AppError, fieldErrorsOf, type AppErrorData } from "../core/errors";
import { logger } from "./ops/logger.server";

const GENERIC_MESSAGE = "Sorry, something went wrong. Please try again.";
export const UNAVAILABLE_MESSAGE = "Pawroute is briefly unavailable. Please try again in a few seconds.";
/** Seconds a client should wait while the database is unreachable. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** Connection-level failures: the database is down, restarting or refusing connections. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE", "EAI_AGAIN",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300",
]);

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    if (current instanceof AggregateError) for (const inner of current.errors) codes.push(...errorCodes(inner));
    current = current.cause;
  }
  return codes;
}

/** True when the error means the database could not be reached (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some((code) => UNAVAILABLE_CODES.has(code));
}

/** PostgreSQL's data exceptions (class 22: out of range, invalid text, bad encoding): input we should have refused. */
function isDataException(error: unknown): boolean {
  return errorCodes(error).some((code) => /^22[0-9A-Z]{3}$/.test(code));
}

// X-Content-Type-Options comes from helmet on every response (app/ops/http.server.ts): Remix's adapter
// appends a response's headers, so setting it here too sent it twice.

// The request id of the loader or action running now, set by withErrorResponse around each call, so
// that an error a service answers itself (formAction, errorResponse) keeps it in its body and log line.
// One store per process (global), since server.ts and the app's server build each load this module.
const STORE = Symbol.for("pawroute.request-id");
const scope = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<string | undefined> };
const requestIds = (scope[STORE] ??= new AsyncLocalStorage<string | undefined>());

/**
 * The one body of an AppError, for the few answers made before Remix runs (the Express layer's 400 for an
 * unreadable address and the API's 429, app/ops/http.server.ts): the same shape errorResponse sends.
 */
export function errorBody(error: AppError, requestId: string | undefined): AppErrorData {
  return { message: error.message, fieldErrors: error.fieldErrors, ...(error.code ? { code: error.code } : {}), requestId };
}

function json(body: AppErrorData, status: number, extra: { retryAfterSeconds?: number; allow?: string } = {}): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (extra.retryAfterSeconds !== undefined) headers.set("Retry-After", String(extra.retryAfterSeconds));
  if (extra.allow !== undefined) headers.set("Allow", extra.allow);
  return Response.json(body, { status, headers });
}

/**
 * Turns anything thrown into a JSON response: AppError keeps its status and message, ZodError is a
 * 400, an unreachable database a 503 with Retry-After, a Response passes through, the rest is a
 * logged 500 with a safe message and the request id (by default the id of the request being handled).
 */
export function errorResponse(error: unknown, requestId: string | undefined = requestIds.getStore()): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) {
    return json(errorBody(error, requestId), error.status, error);
  }
  // By name too: the built app and server.ts may each load their own copy of zod.
  if (error instanceof ZodError || (error instanceof Error && error.name === "ZodError" && Array.isArray((error as ZodError).issues))) {
    const zodError = error as ZodError;
    return json({ message: zodError.issues[0]?.message ?? "Invalid request", fieldErrors: fieldErrorsOf(zodError.issues), requestId }, 400);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, requestId }, "database unavailable");
    return json({ message: UNAVAILABLE_MESSAGE, code: "unavailable", requestId }, 503, { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
  }
  if (isDataException(error)) {
    logger.warn({ err: error, requestId }, "input reached the database unchecked");
    return json({ message: "Sorry, we couldn't read that request.", code: "bad-input", requestId }, 400);
  }
  logFailure(error, requestId);
  return json({ message: GENERIC_MESSAGE, requestId }, 500);
}

/**
 * Logs an unexpected failure as every 500 is logged (with the request id) and answers the id. For the few
 * forms whose spec shows words of their own for it ("An error occurred"): they put the id in their body.
 */
export function logFailure(error: unknown, requestId: string | undefined = requestIds.getStore()): string | undefined {
  logger.error({ err: error, requestId }, "request failed");
  return requestId;
}

/** What a form's error body may carry besides message, fieldErrors, code and requestId (AppErrorData documents each). */
export type FormErrorExtras = Pick<AppErrorData, "repopulateFields" | "formId" | "confirm">;

/** The one form body: an error a form shows in place (its action data, not an error page), in the one shape. */
function formBody(message: string, fieldErrors: Record<string, string>, code: string | undefined, requestId: string | undefined, extras: FormErrorExtras): AppErrorData {
  return { message, fieldErrors, ...(code ? { code } : {}), requestId, ...extras };
}

/**
 * The one form error: an AppError a form shows in place, with its status, Retry-After and the request id,
 * and the documented extras (for pages without JavaScript what was typed, `repopulateFields`, never
 * secrets: the caller filters them).
 */
export function formErrorResponse(error: AppError, extras: FormErrorExtras = {}) {
  const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return data(formBody(error.message, error.fieldErrors, error.code, requestIds.getStore(), extras), { status: error.status, headers });
}

/**
 * A form whose spec words a failure itself ("An error occurred", "Couldn't award the points"): an AppError
 * keeps its status, anything else is logged as every 500 is (logFailure) and answers 500; the body is the
 * one shape with the spec's `message`.
 */
export function formFailureResponse(error: unknown, message: string, extras: FormErrorExtras = {}) {
  const status = error instanceof AppError ? error.status : 500;
  const requestId = error instanceof AppError ? requestIds.getStore() : logFailure(error);
  return data(formBody(message, {}, undefined, requestId, extras), { status });
}

/**
 * A form that did not validate (remix-validated-form's schema on the server): 422 with the field errors,
 * remix-validated-form's `formId` and `repopulateFields`; `message` is the first field's, which the form
 * shows on that field and not again as a general message (formErrorOf).
 */
export function validationErrorResponse(fieldErrors: Record<string, string>, extras: FormErrorExtras = {}, status: 400 | 422 = 422) {
  return data(formBody(Object.values(fieldErrors)[0] ?? "Please correct the errors below.", fieldErrors, undefined, requestIds.getStore(), extras), { status });
}

type Handler = (args: { context: { requestId?: string } }) => unknown;

/**
 * One loader or action, answering errors: what it throws becomes `errorResponse(...)`, sent as it is by a
 * resource route (`resource`: the module has no component) and thrown on to a page's error boundary.
 * withErrorResponses applies it to every route; tests that call a route module directly use it too.
 */
export function withErrorResponse<A extends { context: { requestId?: string } }, R>(handler: (args: A) => R, resource: boolean): (args: A) => Promise<R | Response> {
  return async (args) => {
    try {
      return await requestIds.run(args.context?.requestId, () => handler(args));
    } catch (error) {
      if (error instanceof Response) throw error;
      // Remix answers an aborted request itself.
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      const response = errorResponse(error, args.context?.requestId);
      // A resource route's thrown Response is sent as it is; a page's goes to its error boundary.
      if (resource) return response;
      throw response;
    }
  };
}

/** Wraps every route module's loader and action so that what they throw goes through errorResponse. */
export function withErrorResponses(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route.module as Record<string, unknown> & ServerBuild["routes"][string]["module"];
    const resource = typeof module.default !== "function";
    routes[id] = {
      ...route,
      module: {
        ...module,
        ...(module.loader ? { loader: withErrorResponse(module.loader as unknown as Handler, resource) } : {}),
        ...(module.action ? { action: withErrorResponse(module.action as unknown as Handler, resource) } : {}),
      } as typeof route.module,
    };
  }
  return { ...build, routes };
}
