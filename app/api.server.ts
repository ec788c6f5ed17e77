import { ZodError } from "zod";
import { GeoError } from "../geo/errors";

/** JSON for the API: errors carry a message, field errors and a 4xx status, never a 500 for bad input. */
export function apiError(error: unknown): Response {
  if (error instanceof GeoError) {
    return Response.json({ message: error.message, fieldErrors: error.fieldErrors, code: error.code }, { status: error.status });
  }
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "query";
      fieldErrors[key] ??= issue.message;
    }
    return Response.json({ message: error.issues[0]?.message ?? "Invalid request", fieldErrors }, { status: 400 });
  }
  if (error instanceof Response) return error;
  console.error(error);
  return Response.json({ message: "Sorry, something went wrong. Please try again." }, { status: 500 });
}

/** Runs an API handler and turns thrown GeoError/ZodError into their JSON responses. */
export async function apiHandler(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    return apiError(error);
  }
}
