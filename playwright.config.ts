import { defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "4173";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
// production build served by workerd (scripts/e2e-server.mjs).
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Flows span several pages and devices; on a 2-core CI machine the longest take 25-35 s.
  // Speed is measured by `npm run bench`, never by these timeouts.
  timeout: 60_000,
  // A live change or a lazily loaded island can take several seconds to arrive on a loaded
  // 2-core machine; assertions wait for it rather than fail on the machine's load.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        browserName: "chromium",
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
