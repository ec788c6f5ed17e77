// `npm run bench:geo` (and later benchmarks): the usual set-up, a production build, then the benchmark.
import { buildIsStale, ensureDatabases, ensureNodeModules, runBin, step } from "./lib.mjs";

const [name] = process.argv.slice(2);
ensureNodeModules();
await ensureDatabases();
if (buildIsStale()) {
  step("Building the app");
  runBin("remix", ["vite:build"], {}, "The build");
}
runBin("tsx", [`tests/bench/${name}.ts`], {}, `The ${name} benchmark`);
