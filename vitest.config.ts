import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

const app = new URL("./app", import.meta.url).pathname;

// Two layers (the third, end-to-end, is Playwright): unit tests in Node, and
// integration tests inside workerd against the real migrations and bindings.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    resolve: { alias: { "~": app } },
    test: {
      projects: [
        {
          resolve: { alias: { "~": app } },
          test: {
            name: "unit",
            include: ["tests/unit/**/*.test.ts"],
            environment: "node",
            setupFiles: ["./tests/setup/fail-on-console-error.ts"],
          },
        },
        {
          resolve: { alias: { "~": app } },
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  SESSION_SECRET: "integration-test-secret",
                  EMAIL_API_KEY: "",
                  // No VAPID private key: push is off unless a test configures it.
                  VAPID_PRIVATE_KEY: "",
                },
              },
            }),
            // Supplies virtual:react-router/server-build so requests reach the routes.
            reactRouter(),
          ],
          test: {
            name: "integration",
            include: ["tests/integration/**/*.test.ts"],
            // Sign-in tests hash with scrypt (about 0.1 s each, more on a busy machine).
            testTimeout: 30_000,
            setupFiles: ["./tests/setup/apply-migrations.ts", "./tests/setup/fail-on-console-error.ts"],
          },
        },
      ],
    },
  };
});
