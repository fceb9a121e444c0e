import { existsSync } from 'node:fs';

/**
 * The browser of the Playwright runs (playwright.config.ts, playwright.scale.config.ts). Playwright cannot download
 * its own here, so both are Debian's: `chromium-headless-shell` (the same Chromium build without the desktop
 * browser around it) when installed — `.ci/run` installs it — else `/usr/bin/chromium` in its headless mode.
 * E2E_CHROMIUM names another binary (e.g. `/usr/bin/chromium` to watch a failure in the full browser).
 *
 * Why the shell: the suite is CPU-bound on two cores and Chromium is most of its CPU. Measured with the palette and
 * accounts specs on one lane, the machine's CPU-seconds from /proc/stat: 137 and 97 with the shell, 173 and 147
 * with the full browser, runs alternated (README, "Run all tests").
 */
export const CHROMIUM_EXECUTABLE =
  process.env.E2E_CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];
