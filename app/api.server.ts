import { errorResponse } from "./error-response.server";

/** Runs an API handler and turns what it throws into its JSON response (app/error-response.server.ts). */
export async function apiHandler(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    return errorResponse(error);
  }
}
