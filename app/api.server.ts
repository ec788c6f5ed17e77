import { errorResponse } from "./error-response.server";

/** JSON for the API: errors carry a message, field errors and a 4xx status, never a 500 for bad input. */
export const apiError = errorResponse;

/** Runs an API handler and turns what it throws into its JSON response (app/error-response.server.ts). */
export async function apiHandler(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    return errorResponse(error);
  }
}
