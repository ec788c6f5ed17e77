// Part of npm run bench:web: what this machine charges a process for having sat idle (decision 0359).
// The same piece of JavaScript (about half a millisecond of building objects and joining strings, as a
// render does) is timed right after the previous one, and after the process has slept 15 or 40 ms, as
// a page does while PostgreSQL works out a route. Nothing else differs, so any difference is the
// machine's: on this 2-core VM the code runs markedly slower for a while after each wake.

function work(): number {
  const items: { a: number; b: string; c: number[] }[] = [];
  let length = 0;
  for (let i = 0; i < 5_000; i++) {
    const item = { a: i, b: `x${i}`, c: [i, i + 1] };
    items.push(item);
    length += item.b.length;
  }
  return items.map((item) => `<li data-a="${item.a}">${item.b}</li>`).join("").length + length;
}

/** Mean CPU (ms) of one `work()` after waiting `idleMs` (0: straight after the previous one, without sleeping). */
async function costAfter(idleMs: number, times: number): Promise<number> {
  let total = 0;
  let sink = 0;
  for (let i = 0; i < times; i++) {
    await new Promise((resolve) => (idleMs > 0 ? setTimeout(resolve, idleMs) : setImmediate(resolve)));
    const before = process.cpuUsage();
    sink += work();
    const used = process.cpuUsage(before);
    total += used.user + used.system;
  }
  if (sink < 0) throw new Error("unreachable: keeps the work from being optimised away");
  return total / times / 1000;
}

/** The same work's CPU straight after the last, and after 15 and 40 ms idle. */
export async function wakeCost(): Promise<{ busy: number; after15: number; after40: number }> {
  for (let i = 0; i < 100; i++) work();
  const busy = await costAfter(0, 300);
  const after15 = await costAfter(15, 300);
  const after40 = await costAfter(40, 100);
  return { busy, after15, after40 };
}
