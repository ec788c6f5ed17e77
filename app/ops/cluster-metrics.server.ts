// /metrics under the cluster (docs/decisions/0256-metrics-across-the-cluster.md): whichever worker takes
// the scrape asks the primary, which gathers every worker's registries with prom-client's
// AggregatorRegistry and answers with the whole cluster's text. This module is all the primary loads
// of the metrics (prom-client and node:cluster only; no database, no app).
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";

const ASK = "pawroute:metrics-ask";
const ANSWER = "pawroute:metrics-answer";
/** prom-client gives up on a silent worker after 5 s; the asking worker waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

function isAsk(message: unknown): message is Ask {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === ASK;
}

function isAnswer(message: unknown): message is Answer {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === ANSWER;
}

/** In the primary: answers each worker's request for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply = (answer: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

export const aggregatedContentType = AggregatorRegistry.PROMETHEUS_CONTENT_TYPE;

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();
let listening = false;

/** In a worker: the cluster's metrics, from the primary. */
export function askPrimaryForMetrics(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on("message", (message: unknown) => {
      if (isAnswer(message)) waiting.get(message.id)?.(message);
    });
  }
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("The primary did not answer with the cluster's metrics."));
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? "no metrics"));
    });
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}
