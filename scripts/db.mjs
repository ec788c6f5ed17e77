// npm run db:url | db:start | db:stop | db:status — the private PostgreSQL cluster under .data/.
import { APP_DATABASE, TEST_DATABASE, clusterIsRunning, databaseUrl, ensureDatabases, fail, stopCluster, usesPrivateCluster } from "./lib.mjs";

const [command, which] = process.argv.slice(2);
const database = which === "test" ? TEST_DATABASE : APP_DATABASE;

switch (command) {
  case "url":
    // A running cluster knows its port best (it may have moved off a busy one).
    if (usesPrivateCluster()) clusterIsRunning();
    process.stdout.write(`${databaseUrl(database)}\n`);
    break;
  case "start":
    // PAWROUTE_PG_FAST=1: without crash safety, as `npm test` starts its cluster (the restart test starts it again so).
    await ensureDatabases({ fast: process.env.PAWROUTE_PG_FAST === "1" });
    console.log(`PostgreSQL is running: ${databaseUrl(database)}`);
    break;
  case "stop":
    if (!usesPrivateCluster()) fail("DATABASE_URL is set: that server is not managed by Pawroute.");
    console.log(stopCluster() ? "PostgreSQL stopped." : "PostgreSQL was not running.");
    break;
  case "status":
    if (!usesPrivateCluster()) console.log(`Using DATABASE_URL (${databaseUrl()}); not managed by Pawroute.`);
    else console.log(clusterIsRunning() ? `running: ${databaseUrl(database)}` : "stopped");
    break;
  default:
    fail("Usage: node scripts/db.mjs url|start|stop|status [test]");
}
