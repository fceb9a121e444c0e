import { expect, type Page } from '@playwright/test';
import { demoTotpCode } from './totp';

/**
 * Approves the beneficiary key `instructionId` (or the only key awaiting review) on its beneficiary's page as the
 * signed-in demo user `email`: Approve key → the step-up dialog lists what is signed → the authenticator code
 * (demo users have no passkey). The server refuses a 30-second step it already accepted for this user, so a
 * refused code is retried with the next step.
 */
export async function approveKeyOnScreen(page: Page, baseURL: string, email: string, beneficiaryId: string, instructionId?: string): Promise<void> {
  await page.goto(`/beneficiaries/${beneficiaryId}`);
  const scope = instructionId ? page.getByTestId(`instruction-${instructionId}`) : page.locator('[data-review-state="AWAITING_REVIEW"]');
  await scope.getByTestId('approve-key').click();
  const dialog = page.getByTestId('step-up-dialog');
  await expect(dialog.getByRole('textbox')).toBeVisible();
  for (const offset of [0, 1]) {
    await dialog.getByRole('textbox').fill(await demoTotpCode(baseURL, email, offset));
    await dialog.getByRole('button', { name: /Confirm with code|Confirmar com/ }).click();
    const done = await Promise.race([
      dialog.waitFor({ state: 'hidden', timeout: 15_000 }).then(() => true),
      dialog.getByTestId('step-up-error').waitFor({ timeout: 15_000 }).then(() => false),
    ]);
    if (done) break;
    expect(offset, 'the step-up code was refused twice').toBe(0);
  }
  await expect(page.getByTestId('step-up-dialog')).toBeHidden();
}
