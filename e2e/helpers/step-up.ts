import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { demoTotpCode, secondsToNextStep } from './totp';

/** The approval's step-up dialog (components/step-up/step-up-dialog.tsx). */
export function stepUpDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Sign this approval' });
}

/**
 * Confirms the open step-up dialog with a demo user's authenticator code (demo users have no passkey: the weaker
 * path). A code already used in this 30-second step (a sign-in or an approval a moment ago) is refused without
 * spending the challenge, so the next step's code is typed into the same dialog.
 */
export async function confirmStepUpWithCode(page: Page, email: string): Promise<void> {
  const dialog = stepUpDialog(page);
  await expect(dialog.getByText('Authenticator code: weaker than a passkey')).toBeVisible();
  const baseURL = new URL(page.url()).origin;
  for (let round = 0; round < 3; round++) {
    for (const offset of [0, 1]) {
      await dialog.getByLabel('Code from your authenticator app').fill(await demoTotpCode(baseURL, email, offset));
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && Boolean(r.request().headers()['next-action']));
      await dialog.getByRole('button', { name: 'Confirm with code and approve' }).click();
      await answered;
      // The dialog closes once the approval is recorded, or shows why not. A fixed pause was not enough on a loaded
      // machine: with the dialog still open and no error yet, reading the error's text waited for it until the test's
      // own timeout, then read it as empty ("step-up refused" with no reason).
      const error = dialog.getByTestId('step-up-error');
      await expect(async () => expect((await dialog.isVisible()) ? await error.isVisible() : true).toBe(true)).toPass({ timeout: 30_000 });
      if (!(await dialog.isVisible())) return;
      const text = (await error.textContent({ timeout: 5_000 }).catch(() => '')) ?? '';
      if (!/already used/.test(text)) throw new Error(`step-up refused for ${email}: ${text}`);
    }
    await page.waitForTimeout((secondsToNextStep() + 1) * 1000);
  }
  throw new Error(`step-up: no fresh code for ${email}`);
}
