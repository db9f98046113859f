import { defineConfig } from "vitest/config";

// `npm run test:replicas` only (issue 17 item 4): minutes of killing replicas, kept out of `npm test`.
export default defineConfig({
  test: {
    include: ["test/replicas/**/*.replicas-test.ts"],
    setupFiles: ["test/helpers/setup.ts"],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
