import { defineConfig } from "vitest/config";

// One config for every layer of tests. The network is closed in every test file
// (test/helpers/setup.ts); loopback stays open for the sandbox and real-HTTP tests.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/helpers/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
  },
});
