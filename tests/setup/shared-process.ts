// The "shared" project's files run one after another in one process on one module cache (decision 0338).
// Each starts from what a process of its own would see, whatever the files before it changed: the
// environment as vitest gave it, parsed again on first use (getEnv keeps its parse), and no database pool or
// mail transport left open. A file sets its own variables at its top, as before, and they are undone after it.
import { afterAll } from "vitest";
import { closeDatabase } from "../../app/db.server";
import { forgetEnvForTests } from "../../app/env.server";
import { closeMailTransport } from "../../app/mail/transport.server";

const given = { ...process.env };
forgetEnvForTests();

// Registered before the file's own hooks, so it runs after them (vitest runs afterAll hooks as a stack).
afterAll(async () => {
  closeMailTransport();
  await closeDatabase();
  for (const key of Object.keys(process.env)) if (!(key in given)) delete process.env[key];
  Object.assign(process.env, given);
  forgetEnvForTests();
});
