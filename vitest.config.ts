import { defineConfig } from "vitest/config";

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
    // the threads pool without isolation, the rest on the forks pool, isolated (decision 0332). The unit project
    // runs first and the other after it (groupOrder): one file at a time, as `fileParallelism: false` says,
    // where two projects would otherwise run side by side and take a core from the end-to-end tests.
    poolOptions: { threads: { isolate: false }, forks: { isolate: true } },
    projects: [
      // Pure code: its files share one worker and one module cache (no new module graph per file).
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "threads", sequence: { groupOrder: 0 } } },
      // React in jsdom or rendered on the server, and everything on the database: each file its own process and modules.
      { extends: true, test: { name: "isolated", include: ["tests/unit/**/*.test.tsx", "tests/integration/**/*.test.ts"], pool: "forks", sequence: { groupOrder: 1 } } },
    ],
  },
});
