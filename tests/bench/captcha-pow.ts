// npx tsx tests/bench/captcha-pow.ts — what ALTCHA's proof of work costs (decision 0255): the seconds one
// solve takes one server core here, as a script would solve it (altcha-lib in Node, one thread), and
// the estimate for a phone at about four times slower, with the check's own cost on the server.
// Figures are printed, never asserted: this is a benchmark, not a test.
import { performance } from "node:perf_hooks";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { machineLine } from "./server";

process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:55432/pawroute";
process.env.SESSION_SECRET ??= "bench-only-session-secret-0123456789abcdef";

const { COST, COUNTER_MAX, COUNTER_MIN, createCaptchaChallenge } = await import("../../app/captcha/captcha.server");

const SOLVES = Number(process.env.BENCH_SOLVES ?? 20);
/** A mid-range phone's single core against this server's, for PBKDF2-SHA-256 (decision 0255). */
const PHONE_SLOWER = 4;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

console.log(machineLine("captcha proof of work"));
console.log(`PBKDF2/SHA-256, ${COST} iterations a guess, the answer drawn from ${COUNTER_MIN}–${COUNTER_MAX} guesses (mean ${(COUNTER_MIN + COUNTER_MAX) / 2})`);

const creates: number[] = [];
const solves: number[] = [];
const guesses: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < SOLVES; i++) {
  let started = performance.now();
  const challenge = await createCaptchaChallenge("contact", "203.0.113.1");
  creates.push(performance.now() - started);
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  const solution = await solveChallenge({ challenge, deriveKey });
  solves.push((performance.now() - started) / 1000);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1e6);
  if (!solution) throw new Error("no solution");
  guesses.push(solution.counter);
}
solves.sort((a, b) => a - b);
creates.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const mean = solves.reduce((sum, s) => sum + s, 0) / solves.length;
const cpuMean = cpu.reduce((sum, s) => sum + s, 0) / cpu.length;
const perGuessMs = (solves.reduce((sum, s) => sum + s, 0) * 1000) / guesses.reduce((sum, g) => sum + g + 1, 0);
console.log(`solves: ${SOLVES}`);
console.log(`one server core: mean ${mean.toFixed(2)} s, median ${percentile(solves, 50).toFixed(2)} s, p90 ${percentile(solves, 90).toFixed(2)} s, max ${solves.at(-1)?.toFixed(2)} s (${perGuessMs.toFixed(3)} ms a guess)`);
console.log(`CPU time (what the load on a shared machine does not inflate): mean ${cpuMean.toFixed(2)} s, median ${percentile(cpu, 50).toFixed(2)} s, p90 ${percentile(cpu, 90).toFixed(2)} s`);
console.log(`a phone (~${PHONE_SLOWER}× slower, one core): mean ${(cpuMean * PHONE_SLOWER).toFixed(1)} s, p90 ${(percentile(cpu, 90) * PHONE_SLOWER).toFixed(1)} s of CPU; the widget spreads the guesses over the phone's cores`);
console.log(`the server's side: making a challenge (one derivation) median ${percentile(creates, 50).toFixed(2)} ms; checking a solution costs the same one derivation`);
console.log(`a script on one core: about ${Math.round(3600 / cpuMean)} solutions an hour`);
