// Calling a route module's loader or action directly (integration tests): whatever it returns or throws, a
// Response, a redirect or Remix's data(), comes back as status, JSON body and Location. Errors become
// answers the way the server makes them (withErrorResponse, the one place).
import { withErrorResponse } from "../../app/error-response.server";

export interface RouteAnswer {
  status: number;
  body: Record<string, unknown> | null;
  location: string | null;
}

/** A route action's answer as status and body, whether it returned a Response or Remix's data(). */
export async function routeAnswer(result: unknown): Promise<RouteAnswer> {
  if (result instanceof Response) {
    const body = result.headers.get("Content-Type")?.includes("json") ? ((await result.json()) as Record<string, unknown>) : null;
    return { status: result.status, body, location: result.headers.get("Location") };
  }
  const wrapped = result as { data?: Record<string, unknown>; init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data ?? null, location: null };
}

/** Runs a loader or action with `request` and `params`, answering what it returned or threw. */
export async function callRoute(handler: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<RouteAnswer> {
  try {
    return await routeAnswer(await withErrorResponse(handler, false)({ request, params, context: {} } as never));
  } catch (thrown) {
    return routeAnswer(thrown);
  }
}
