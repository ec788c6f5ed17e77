import { Presets, SingleBar } from "cli-progress";

/** What an import reports as it goes: phases, counts within a phase, and free-form lines. */
export interface Progress {
  /** Starts a phase; `total` when the amount of work is known (rows, bytes). */
  phase(name: string, total?: number, unit?: string): void;
  /** The phase's work done so far (absolute), and how many features that is. */
  update(done: number, features?: number): void;
  /** Ends the current phase with its final count. */
  end(): void;
  line(message: string): void;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-GB");

function seconds(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "?";
  if (s < 60) return `${Math.round(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/**
 * A progress bar with counts, rate and time left on a terminal (cli-progress), plain lines every
 * few seconds otherwise (CI logs, pipes). `silent` for tests.
 */
export function createProgress(options: { tty?: boolean; silent?: boolean; write?: (line: string) => void } = {}): Progress {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  if (options.silent) return { phase() {}, update() {}, end() {}, line() {} };
  const tty = options.tty ?? Boolean(process.stdout.isTTY);
  let name = "";
  let total: number | undefined;
  let unit = "";
  let started = 0;
  let lastLine = 0;
  let done = 0;
  let features = 0;
  let bar: SingleBar | null = null;

  const rate = () => features / Math.max((Date.now() - started) / 1000, 0.001);
  const plain = () => {
    const elapsed = (Date.now() - started) / 1000;
    const left = total && done > 0 ? (elapsed * (total - done)) / done : NaN;
    const share = total ? ` (${Math.min(100, Math.floor((100 * done) / total))}%, about ${seconds(left)} left)` : "";
    write(`  ${name}: ${fmt(features)} ${unit}${share}, ${fmt(rate())}/s`);
  };

  return {
    phase(phaseName, phaseTotal, phaseUnit = "rows") {
      name = phaseName;
      total = phaseTotal;
      unit = phaseUnit;
      started = Date.now();
      lastLine = started;
      done = 0;
      features = 0;
      if (tty) {
        bar = new SingleBar(
          {
            format: phaseTotal ? `  ${phaseName} [{bar}] {percentage}% | {features} ${phaseUnit} | {rate}/s | {eta_formatted} left` : `  ${phaseName} | {features} ${phaseUnit} | {rate}/s`,
            hideCursor: true,
            clearOnComplete: false,
          },
          Presets.shades_classic,
        );
        bar.start(phaseTotal ?? 1, 0, { features: "0", rate: "0" });
      }
    },
    update(value, count) {
      done = value;
      features = count ?? value;
      if (bar) {
        bar.update(total ? Math.min(value, total) : 0, { features: fmt(features), rate: fmt(rate()) });
      } else if (Date.now() - lastLine >= 5_000) {
        lastLine = Date.now();
        plain();
      }
    },
    end() {
      if (bar) {
        bar.update(total ?? 1, { features: fmt(features), rate: fmt(rate()) });
        bar.stop();
        bar = null;
      } else if (name) {
        const elapsed = (Date.now() - started) / 1000;
        write(`  ${name}: ${fmt(features)} ${unit} in ${elapsed.toFixed(1)} s (${fmt(rate())}/s)`);
      }
      name = "";
    },
    line(message) {
      write(`  ${message}`);
    },
  };
}
