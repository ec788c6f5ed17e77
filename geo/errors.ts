/**
 * The one error type of geo/: it carries an HTTP status, a user-facing message and, for invalid
 * input, field errors. Routes turn it into a JSON or HTML response in one line.
 */
export class GeoError extends Error {
  name = "GeoError";

  constructor(
    readonly status: 400 | 404 | 409 | 422 | 503,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** A machine-readable reason, e.g. "geo-location-missing" (the client retries once on it). */
    readonly code?: string,
  ) {
    super(message);
  }
}
