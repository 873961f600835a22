import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, which .ci/run installs; playwright-core drives it (it downloads none). */
export const CHROMIUM = process.env.BATON_CHROMIUM ?? '/usr/bin/chromium';

export const hasChromium = existsSync(CHROMIUM);

// The flags a closed network and a root sandbox need: no sandbox, no background connections.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  readonly page: Page;
  /** Uncaught errors and console errors the page raised. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Starts Chromium headless with a fresh, empty profile folder; `close` removes it. */
export async function openBrowser(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'baton-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 1000 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // A loaded 2-core machine can be slow; the assertions wait on the DOM, never on the clock.
  page.setDefaultTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return {
    page,
    errors,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
