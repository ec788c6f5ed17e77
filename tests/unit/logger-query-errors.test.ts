// The log keeps a failed query's statement and PostgreSQL code, never its parameters (emails, typed text).
import { describe, expect, it } from "vitest";
import { errorWithCode } from "../../app/ops/logger.server";

describe("errorWithCode", () => {
  it("drops drizzle's params line from the message and the stack, and keeps the driver's code", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    const error = new Error('Failed query: insert into "users" ("email") values ($1)\nparams: someone@example.com', { cause });
    const logged = errorWithCode(error);
    expect(logged.message).toBe('Failed query: insert into "users" ("email") values ($1)');
    expect(JSON.stringify(logged)).not.toContain("someone@example.com");
    expect(logged).toMatchObject({ code: "23505" });
  });

  it("passes what is not an Error through (Remix logs a route error response, a plain object)", () => {
    const response = { status: 405, statusText: "Method Not Allowed", internal: true, data: "" };
    expect(errorWithCode(response as unknown as Error)).toBe(response);
  });

  it("leaves other errors as pino writes them", () => {
    const error = new Error("params: not a query");
    expect(errorWithCode(error).message).toBe("params: not a query");
  });
});
