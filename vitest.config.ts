import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx", "tests/integration/**/*.test.ts"],
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
  },
});
