import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx", "tests/integration/**/*.test.ts"],
    environment: "node",
    // The local payment stand-ins' webhook secret, made per run (decision 0241).
    setupFiles: ["tests/setup/local-secrets.ts"],
    // Integration tests share one real database: run files one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    reporters: ["default"],
  },
});
