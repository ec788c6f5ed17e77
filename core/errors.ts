/**
 * The application's one error type. Domain code (app/**, geo/, db/) throws it with an HTTP status and a
 * message a person can read; one place (app/error-response.server.ts) turns it into a JSON body, a
 * form's error or an error page. Never add an error class per module, never build an error Response.
 * It lives in core/, below every layer (docs/decisions/0300).
 *
 * This file holds no server-only imports, so components may use `isAppErrorData` on what a boundary
 * receives.
 */
export type AppErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface AppErrorOptions {
  /** For invalid input: the message of each field, by field name. */
  fieldErrors?: Record<string, string>;
  /** A machine-readable reason, e.g. "geo-location-missing" (clients may act on it). */
  code?: string;
  /** Seconds before a retry makes sense (429, 503): sent as Retry-After. */
  retryAfterSeconds?: number;
  /** For 405: the methods the resource takes, sent as Allow. */
  allow?: string;
  cause?: unknown;
}

/** Marks AppErrors across bundles: server.ts (run from source) and the built app each hold a copy of this class. */
const BRAND = Symbol.for("pawroute.AppError");

export class AppError extends Error {
  name = "AppError";
  readonly [BRAND] = true;

  /** `instanceof AppError` holds for an AppError from any copy of this module. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  readonly fieldErrors: Record<string, string>;
  readonly code?: string;
  readonly retryAfterSeconds?: number;
  readonly allow?: string;

  constructor(
    readonly status: AppErrorStatus,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.fieldErrors = options.fieldErrors ?? {};
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
  }
}

/** Throws an AppError with `status` and `message` unless `condition` holds (invariantResponse, as in the Epic Stack). */
export function invariant(condition: unknown, status: AppErrorStatus, message: string, options?: AppErrorOptions): asserts condition {
  if (!condition) throw new AppError(status, message, options);
}

/** 404 unless found: `const listing = found(await findListing(id), "Sorry, we couldn't find that listing.")`. */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new AppError(404, message);
  return value;
}

/** The one mapping of validation issues (zod's) to form errors: the first message per top-level field, "query" for the whole input. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "query")] ??= issue.message;
  return fieldErrors;
}

/**
 * The one error body (docs/decisions/0302, 0319): what an API answers, what an error boundary receives and
 * what a form gets back as its action data. Made in app/error-response.server.ts only (errorResponse,
 * formErrorResponse, formFailureResponse, validationErrorResponse). A form's body may carry the documented
 * extras below; nothing else.
 */
export interface AppErrorData {
  message: string;
  /** For invalid input: the message of each field (remix-validated-form shows them on the fields). */
  fieldErrors?: Record<string, string>;
  /** A machine-readable reason (AppError's code). */
  code?: string;
  requestId?: string;
  /** Forms, for pages without JavaScript: what was typed, to put back (never passwords or tokens). */
  repopulateFields?: Record<string, unknown>;
  /** Forms: which form of the page failed (remix-validated-form's formId, or the page's own name for it). */
  formId?: string;
  /** Back-office forms: the question still waiting for its answer (a denial's reason with its error), shown with the error. */
  confirm?: Confirmation;
}

/**
 * A question the back office asks before a destructive action runs (a dialog with JavaScript, a panel
 * without): the answer posts the same intent and ids again with `confirmed=1`.
 */
export interface Confirmation {
  intent: string;
  ids: number[];
  question: string;
  confirmLabel: string;
  /** A denial asks why (app/admin/moderation.ts): the fields, the values sent and their error, if any. */
  reason?: { error: string | null; values: { reason: string; reasonText: string } };
  /** Further hidden fields the confirmed form sends again (e.g. which image). */
  fields?: Record<string, string>;
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}
