// The production entry: one server.ts worker per core (WEB_CONCURRENCY), graceful shutdown on
// SIGTERM/SIGINT. `npm start` runs this; `npm run serve` and the end-to-end tests run one process.
import { runCluster } from "./app/http/cluster.server";

await runCluster(() => import("./server"));
