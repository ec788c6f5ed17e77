// `npm start`: install what is missing, bring up the database, migrate, seed an empty database,
// build when sources changed, then serve on http://localhost:$PORT (3000).
import { createServer } from "node:net";
import { buildIfStale, databaseUrl, paymentsLocalSecret, sessionSecret, ensureDatabases, ensureNodeModules, fail, prepareDatabase, runForeground } from "./lib.mjs";

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a number from 1 to 65535 (got "${process.env.PORT}").`);

await new Promise((resolvePort) => {
  const probe = createServer();
  probe.once("error", () => fail(`Port ${port} is already in use. Stop the other program or run with PORT=<another port> npm start.`));
  probe.once("listening", () => probe.close(resolvePort));
  probe.listen(port);
});

ensureNodeModules();
await ensureDatabases();
// Cookies are Secure when the site's public address is https (app/env.server.ts); with no address set it
// is served as http://localhost, where Secure cookies would not come back from every browser.
const publicAddress = process.env.PUBLIC_URL || process.env.APP_URL;
const env = { DATABASE_URL: databaseUrl(), NODE_ENV: "production", PORT: String(port), SESSION_SECRET: sessionSecret(), PAYMENTS_LOCAL_SECRET: paymentsLocalSecret(), COOKIE_SECURE: process.env.COOKIE_SECURE || (publicAddress ? (/^https:/i.test(publicAddress) ? "true" : "false") : "false") };

prepareDatabase(env);
buildIfStale(env);
// One worker per core (WEB_CONCURRENCY), graceful shutdown: cluster.ts runs server.ts in each.
runForeground(process.execPath, ["build/entry/cluster.js"], env);
