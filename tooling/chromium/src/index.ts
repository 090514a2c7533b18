import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The Debian package's browser; playwright's own downloads are never used. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** `npm test` on a bare machine (Node only) has none; CI installs it (`.ci/run`). */
export const CHROMIUM_INSTALLED = existsSync(CHROMIUM_PATH);

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}
