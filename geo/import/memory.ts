import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The importer's peak memory with its child processes (osmium reading a .pbf), which
 * `process.resourceUsage()` leaves out (it is RUSAGE_SELF; node offers no RUSAGE_CHILDREN).
 * Each child's peak is the kernel's own high-water mark of its resident memory (VmHWM in
 * /proc/<pid>/status), read every 100 ms, as its output comes and once more when it ends, before it exits: the
 * mark only rises, so the last read is the child's peak unless it grew in its last few milliseconds.
 */
const childPeaksKb = new Map<string, number>();
/** The labels of the children watched: a label with no reading at all (no /proc, no report of its own) leaves the figure incomplete. */
const watchedLabels = new Set<string>();

/** VmHWM of a running process in kB; null once it has gone (or where there is no /proc). */
export function highWaterMarkKb(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A child's peak as the child itself reported it (osmium -v), kept if above what was read. */
export function noteChildPeakKb(label: string, kb: number): void {
  childPeaksKb.set(label, Math.max(childPeaksKb.get(label) ?? 0, kb));
}

/** Follows a child's peak memory under `label` (the largest of the children with that label). */
export function watchChildMemory(child: ChildProcess, label: string): void {
  const pid = child.pid;
  if (pid === undefined) return;
  const read = () => {
    const kb = highWaterMarkKb(pid);
    if (kb === null) return;
    childPeaksKb.set(label, Math.max(childPeaksKb.get(label) ?? 0, kb));
  };
  watchedLabels.add(label);
  read();
  const timer = setInterval(read, 100);
  timer.unref();
  // Also as its output arrives (a small extract is done within the first 100 ms), at most every 20 ms.
  let last = 0;
  child.stdout?.on("data", () => {
    if (Date.now() - last < 20) return;
    last = Date.now();
    read();
  });
  child.stdout?.once("end", read);
  child.once("exit", () => clearInterval(timer));
}

export interface PeakMemory {
  /** This process's peak resident memory, MB. */
  importerMb: number;
  /** Each kind of child's peak, MB. */
  children: { label: string; mb: number }[];
  /**
   * False when a kind of child was never measured (no /proc, and no report of its own): the figure leaves it
   * out. A child that exits before its first read (a loaded machine) does not count when another read or its own
   * report (osmium -v) gives its kind's peak.
   */
  complete: boolean;
}

export function peakMemory(): PeakMemory {
  return {
    importerMb: Math.round(process.resourceUsage().maxRSS / 1024),
    children: [...childPeaksKb].map(([label, kb]) => ({ label, mb: Math.round(kb / 1024) })),
    complete: [...watchedLabels].every((label) => childPeaksKb.has(label)),
  };
}

/**
 * "Peak memory: 869 MB at most (importer 139 MB, osmium 730 MB)": the sum is an upper bound, as the
 * peaks need not have come at the same moment.
 */
export function describePeakMemory(peak: PeakMemory = peakMemory()): string {
  if (peak.children.length === 0) return `Peak memory: ${peak.importerMb.toLocaleString("en-GB")} MB${peak.complete ? "" : " (a child process's memory could not be read)"}.`;
  const total = peak.importerMb + peak.children.reduce((sum, c) => sum + c.mb, 0);
  const parts = [`importer ${peak.importerMb.toLocaleString("en-GB")} MB`, ...peak.children.map((c) => `${c.label} ${c.mb.toLocaleString("en-GB")} MB`)];
  return `Peak memory: ${total.toLocaleString("en-GB")} MB at most (${parts.join(", ")})${peak.complete ? "" : "; a child process's memory could not be read"}.`;
}
