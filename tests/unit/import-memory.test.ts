import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { describePeakMemory, noteChildPeakKb, peakMemory, watchChildMemory } from "../../geo/import/memory";

/** A child as watchChildMemory sees it, whose process has already exited and been reaped: nothing to read. */
async function goneChild(): Promise<ChildProcess> {
  const quick = spawn("true");
  await once(quick, "exit");
  return quick;
}

describe("the importer's peak memory with its children", () => {
  it("stays complete when one child of a kind exits before it is read and another of that kind is read", async () => {
    watchChildMemory(await goneChild(), "quick-child");
    const slow = spawn("sleep", ["0.3"]);
    watchChildMemory(slow, "quick-child");
    await once(slow, "exit");
    const peak = peakMemory();
    expect(peak.children.find((child) => child.label === "quick-child")).toBeDefined();
    expect(peak.complete).toBe(true);
    expect(describePeakMemory(peak)).not.toContain("could not be read");
  });

  it("is incomplete while a kind of child has no reading at all, and complete once it reports its own peak", async () => {
    watchChildMemory(await goneChild(), "never-read");
    expect(peakMemory().complete).toBe(false);
    expect(describePeakMemory()).toContain("a child process's memory could not be read");
    // As osmium -v reports its own peak when it ends.
    noteChildPeakKb("never-read", 2048);
    expect(peakMemory().complete).toBe(true);
  });
});
