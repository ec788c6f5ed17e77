// How every import runs: one at a time (an advisory lock), staged into import_staging, the difference
// applied in one transaction (rolled back on --dry-run), planner statistics refreshed, the report written.
import type { Pool, SqlClient } from "../../db/client";
import { analyse } from "./derived";
import { peakMemory, type PeakMemory } from "./memory";
import type { Progress } from "./progress";
import { Rejections } from "./report";
import { dropStage, lockImports, resetStage, type ImportChanges } from "./stage";

export interface ImportResult {
  features: number;
  changes: ImportChanges;
  rejected: number;
  reportPath: string | null;
  dryRun: boolean;
  /** How long the swap transaction took (what searches wait for at most: they read the old rows meanwhile). */
  swapSeconds: number;
  /** Peak memory so far, this process's and its children's (osmium). */
  memory: PeakMemory;
}

export interface StagedImport {
  file: string;
  dryRun?: boolean;
  /** Where rejected rows are written (CSV); default `<file>.rejected.csv`. */
  reportPath?: string;
  progress: Progress;
  /** Loads the file into the staging schema; answers the number of features read. */
  stage: (rejected: Rejections) => Promise<number>;
  /** Applies the staged difference inside the swap transaction. */
  apply: (tx: SqlClient) => Promise<ImportChanges>;
  /** Tables to ANALYZE after a real run. */
  analysed: string[];
}

class DryRun extends Error {}

export async function runStaged(sql: Pool, run: StagedImport): Promise<ImportResult> {
  const { progress } = run;
  const rejected = new Rejections();
  const unlock = await lockImports(sql);
  try {
    await resetStage(sql);
    const features = await run.stage(rejected);
    progress.line(run.dryRun ? "Comparing with the live data (dry run: nothing is changed)" : "Swapping the new data in (one transaction)");
    const swapStarted = performance.now();
    let changes: ImportChanges = {};
    try {
      await sql.begin(async (tx) => {
        changes = await run.apply(tx);
        if (run.dryRun) throw new DryRun();
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
    const swapSeconds = (performance.now() - swapStarted) / 1000;
    if (!run.dryRun) {
      progress.line("Updating planner statistics (ANALYZE)");
      await analyse(sql, run.analysed);
    }
    await dropStage(sql);
    const reportPath = rejected.write(run.reportPath ?? `${run.file}.rejected.csv`);
    return { features, changes, rejected: rejected.count, reportPath, dryRun: Boolean(run.dryRun), swapSeconds, memory: peakMemory() };
  } finally {
    await unlock();
  }
}
