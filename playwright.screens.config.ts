import { defineConfig } from '@playwright/test';
import { e2eConfig } from './playwright.config';

/**
 * `npm run screenshots`: every console page, signed in as the admin (who may open them all), in pt-BR and en, at
 * desktop and 390 px width, saved as PNGs under screenshots/pages/ to be looked at. Not part of `npm test`: it
 * asserts only that each page answers and shows its heading; the journeys in e2e/ assert behaviour.
 */
// One server (one lane): the pages are visited one after the other.
export default defineConfig({ ...e2eConfig(1), testDir: './e2e-screens', timeout: 240_000 });
