// The browser's start-up work in tasks of their own (decision 0351). A phone cannot answer a tap while a
// task runs, and bench:vitals counts each task's part over 50 ms (TBT): the same work cut into tasks at
// points where nothing waits on it costs the same CPU and blocks no tap for long. Imports nothing.

const waiting: (() => void)[] = [];

/**
 * Resolves at the start of a task of its own, after the tasks asked for before it (first asked, first
 * given), so what runs after it (and the microtasks it sets off, such as a part's hydration) is one task
 * and does not lengthen the task that asked. A timer per task: the browser can paint and take input in
 * between.
 */
export function ownTask(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setTimeout(giveNext, 0);
  });
}

function giveNext(): void {
  const resolve = waiting.shift();
  if (waiting.length > 0) setTimeout(giveNext, 0);
  resolve?.();
}
