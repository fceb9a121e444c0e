import { expect, type Page } from '@playwright/test';

/**
 * Puts a file in /payouts/batches/new's picker. The form is in the page's HTML before its code has come, and its
 * input is disabled until it hydrates (components/forms/use-file-picker.ts): a file set earlier was lost.
 */
export async function chooseBatchFile(page: Page, name: string, content: string | Buffer): Promise<void> {
  const input = page.getByTestId('batch-file-input');
  await expect(input).toBeEnabled();
  await input.setInputFiles({ name, mimeType: 'text/csv', buffer: typeof content === 'string' ? Buffer.from(content) : content });
}

/**
 * Requests a batch payout through the pages, as the signed-in user of `page` (finance or admin), from the demo's BRL
 * account: upload, check, request approval. Returns the batch's id, once its page is open. `checked`: the sentence the
 * check shows, when the caller wants to see it before requesting.
 */
export async function requestBatchViaUi(page: Page, file: { name: string; csv: string }, checked?: string): Promise<string> {
  await page.goto('/payouts/batches/new');
  await page.locator('#batch-account').selectOption({ label: 'Acme Importação Ltda' });
  await chooseBatchFile(page, file.name, file.csv);
  await page.getByRole('button', { name: 'Check the file' }).click();
  if (checked) await expect(page.getByText(checked)).toBeVisible({ timeout: 30_000 });
  // Enabled once every row can be paid (the demo beneficiary's key is reviewed a few seconds after start-up).
  await page.getByRole('button', { name: 'Request approval' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/payouts\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}
