// `npm run dev`: the same set-up as `npm start`, then Vite's dev server with hot module replacement.
import { databaseUrl, paymentsLocalSecret, sessionSecret, ensureDatabases, ensureNodeModules, runBin, runForeground } from "./lib.mjs";

ensureNodeModules();
await ensureDatabases();
const env = { DATABASE_URL: databaseUrl(), NODE_ENV: "development", SESSION_SECRET: sessionSecret(), PAYMENTS_LOCAL_SECRET: paymentsLocalSecret() };
runBin("tsx", ["db/migrate.ts"], env, "Migrating the database");
runBin("tsx", ["db/seed/cli.ts", "--if-empty"], env, "Loading the demo data");
runForeground(process.execPath, ["--import", "tsx", "server.ts"], env);
