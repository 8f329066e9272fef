import { defineConfig, devices } from '@playwright/test';

import { appPort, appUrl, smtpPort } from './support/environment.ts';

const baseURL = appUrl;

/**
 * Journeys run against the built app served by the real server on a fresh in-memory database,
 * in the system Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // Spec 9: below 1024 px is mobile; journeys tagged @mobile also run at a phone's width.
    {
      name: 'mobile',
      grep: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(appPort),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Mail goes to the journeys' own SMTP server (global-setup.ts), where they read codes and links.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // A short privileged window, so a journey sees a critical change ask for the second factor again.
      PRIVILEGED_SESSION_SECONDS: '30',
    },
  },
});
