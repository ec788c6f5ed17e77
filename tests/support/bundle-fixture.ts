// The cluster tests' fixture entries bundled as the production entries are (build-tools/server-entry.ts's bundleEntries):
// plain JavaScript that node runs alone, packages read from node_modules. The cluster's primary and each
// worker it forks then skip tsx's loader and its transform of every module (decision 0352).
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bundleEntries } from "../../build-tools/server-entry";

/** The entries, bundled together once per process (the "shared" project's files share one process). */
const ENTRIES = { entry: "tests/fixtures/cluster/entry.ts", "metrics-entry": "tests/fixtures/cluster/metrics-entry.ts" };

let bundled: Promise<string> | undefined;

const ROOT = join(".cache", "test-fixtures");

/** Whether a process with this id still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function bundle(): Promise<string> {
  // A directory of this process's own under .cache/ (ignored by git; packages resolve from node_modules),
  // removed when the process exits. vitest may end its worker without an exit event: the directories of
  // processes that no longer run are removed here.
  let left: string[] = [];
  try {
    left = readdirSync(ROOT);
  } catch {
    // None yet.
  }
  for (const name of left) {
    const pid = Number(/^cluster-(\d+)-/.exec(name)?.[1]);
    if (pid && !running(pid)) rmSync(join(ROOT, name), { recursive: true, force: true });
  }
  const outDir = join(ROOT, `cluster-${process.pid}-${Date.now()}`);
  process.once("exit", () => rmSync(outDir, { recursive: true, force: true }));
  await bundleEntries(ENTRIES, outDir, "mjs");
  return outDir;
}

/** The bundled fixture to start with `node <file>`: tests/fixtures/cluster/<name>.ts. */
export async function clusterFixture(name: keyof typeof ENTRIES): Promise<string> {
  bundled ??= bundle();
  return join(await bundled, `${name}.mjs`);
}
