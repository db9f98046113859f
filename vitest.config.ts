import { defineConfig } from "vitest/config";

/**
 * Files that replace a module with vi.mock must load it fresh, so they run isolated; every other
 * file shares its worker's module cache with the files before it (isolate: false), which saves
 * each of ~270 files its own start-up and imports (npm test 522 s -> ~310 s on 2 cores).
 */
const ISOLATED = ["test/slack/blockkit/entry-conversion.test.ts"];

// One config for every layer of tests. The network is closed in every test file
// (test/helpers/setup.ts); loopback stays open for the sandbox and real-HTTP tests.
export default defineConfig({
  test: {
    setupFiles: ["test/helpers/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "shared", include: ["test/**/*.test.ts"], exclude: ["**/node_modules/**", ...ISOLATED], isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
    ],
  },
});
