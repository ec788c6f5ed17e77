import { configDefaults, defineConfig } from "vitest/config";

/** Integration files that keep a process of their own (decision 0338). */
const SEPARATE = ["tests/integration/read-replica.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    // The local payment stand-ins' webhook secret, made per run (decision 0241).
    setupFiles: ["tests/setup/local-secrets.ts"],
    // Integration tests share one real database: run files one after another.
    fileParallelism: false,
    // Generous: vitest shares the 2 cores with the build and the end-to-end tests in `npm test` (decision 0317);
    // a hang still fails.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    reporters: ["default"],
    // vitest takes a pool's isolation from this root configuration, not from a project: so the unit files run on
    // the threads pool without isolation, the rest on the forks pool, isolated (decision 0332). A project's own
    // `singleFork` runs all its files in one forked process, and that process reads the project's `isolate`: so
    // the "shared" project's files share one process and one module cache (decision 0338). The projects run one
    // after another (groupOrder), one file at a time, as `fileParallelism: false` says, where they would
    // otherwise run side by side and take a core from the end-to-end tests.
    poolOptions: { threads: { isolate: false }, forks: { isolate: true } },
    projects: [
      // Pure code: its files share one worker and one module cache (no new module graph per file).
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "threads", sequence: { groupOrder: 0 } } },
      // Everything on the database: one process, one module cache. Each file starts from the environment vitest
      // gave, with no database pool or mail transport open, whatever the files before it did (the set-up file).
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SEPARATE],
          setupFiles: ["tests/setup/shared-process.ts"],
          pool: "forks",
          poolOptions: { forks: { singleFork: true, isolate: false } },
          sequence: { groupOrder: 1 },
        },
      },
      // React in jsdom or rendered on the server (React's scheduler keeps the first file's window timers), and the
      // replica test (its own cluster): each file its own process and modules.
      { extends: true, test: { name: "isolated", include: ["tests/unit/**/*.test.tsx", ...SEPARATE], pool: "forks", sequence: { groupOrder: 2 } } },
    ],
  },
});
