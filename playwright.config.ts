import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const desktop = { ...devices['Desktop Chrome'], channel: undefined };
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Browser tests drive Debian's Chromium against the built site on a throwaway SQLite database. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
    trace: 'off',
    // A stuck click fails with its own message instead of running into the test's timeout.
    actionTimeout: 15_000,
  },
  // No project waits for another: a test whose changes would disturb others runs on its own copy of the site
  // (e2e/own-site.ts).
  projects: [
    { name: 'desktop', use: desktop },
    { name: 'phone', use: phone },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT) },
  },
});
