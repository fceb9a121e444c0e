import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';
import { SandboxApi } from './helpers/sandbox';

// Issue 26, items 11 and 13: the create form says before saving when this deployment cannot deliver to a URL (and
// the server refuses it), and an attempt's "Check a signature" verifies pasted headers on the server.


async function adminIn(browser: Browser, baseURL: string, locale: 'en' | 'pt-BR'): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, storageState: storageStatePath('admin', baseURL) });
  return context.newPage();
}

test('an outside URL this sandbox cannot deliver to is flagged on the field and refused, in both languages', async ({ browser, baseURL }) => {
  const page = await adminIn(browser, baseURL!, 'en');
  await page.goto('/webhooks');
  const rowsBefore = await page.getByRole('row').count();
  await page.getByRole('button', { name: 'New subscription' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New webhook subscription' });
  const field = dialog.getByLabel('Endpoint URL');
  // Where this deployment delivers is said before anything is typed.
  await expect(dialog.getByText(`${baseURL}/api/webhooks`)).toBeVisible();
  await field.fill('https://hooks.example.com/in');
  await field.blur();
  const error = dialog.locator('#subscription-url-error');
  await expect(error).toContainText('hooks.example.com');
  await expect(error).toContainText('would never arrive');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await expect(error).toContainText('would never arrive');
  await expect(page).toHaveURL(/\/webhooks$/);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  expect(await page.getByRole('row').count()).toBe(rowsBefore);
  await page.context().close();

  const pt = await adminIn(browser, baseURL!, 'pt-BR');
  await pt.goto('/webhooks');
  await pt.getByRole('button', { name: 'Nova assinatura' }).first().click();
  const ptDialog = pt.getByRole('dialog', { name: 'Nova assinatura de webhook' });
  await ptDialog.getByLabel('URL do endpoint').fill('https://hooks.example.com/in');
  await ptDialog.getByRole('button', { name: 'Criar assinatura' }).click();
  await expect(ptDialog.locator('#subscription-url-error')).toContainText('nunca chegariam');
  // A local port that is not this console's receiver: also said in the user's words, not the service's English.
  await ptDialog.getByLabel('URL do endpoint').fill(`http://localhost:1/x`);
  await ptDialog.getByLabel('URL do endpoint').blur();
  await expect(ptDialog.locator('#subscription-url-error')).toContainText('(configuração SANDBOX_WEBHOOK_ALLOW)');
  await pt.context().close();
});

test('Check a signature: the pasted headers are verified on the server and the scheme is explained', async ({ adminPage: page, baseURL }) => {
  await openReceiverWithAttempts(page, baseURL!);
  await page.getByTestId('attempt-row').first().getByRole('link').click();
  await page.waitForURL(/[?&]log=/);
  const panel = page.getByTestId('attempt-panel');
  const headerValue = async (name: string) =>
    (await panel.locator('dl div', { has: page.getByText(`${name}:`, { exact: true }) }).locator('dd').innerText()).trim();
  const messageId = await headerValue('X-Message-Id');
  const signature = await headerValue('X-Message-Signature');
  expect(signature).toMatch(/^[0-9a-f]{64}$/);

  await panel.getByText('Check a signature').click();
  const checker = panel.getByTestId('signature-check');
  await expect(checker.getByText('HMAC-SHA256').first()).toBeVisible();
  await checker.getByLabel('X-Message-Id').fill(messageId);
  await checker.getByLabel('X-Message-Signature').fill(signature);
  await checker.getByRole('button', { name: 'Check' }).click();
  const verdict = checker.getByTestId('signature-verdict');
  await expect(verdict).toHaveAttribute('data-valid', 'true');
  await expect(verdict).toContainText('valid');

  // One character off: refused, and the answer never carries the expected value or the secret.
  const wrong = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
  await checker.getByLabel('X-Message-Signature').fill(wrong);
  // The action's answer is read as it passes (route.fetch), not from the browser's network log afterwards: a live
  // refresh of the attempts list may land meanwhile, and Chromium then no longer keeps the body.
  let answer: string | undefined;
  await page.route(/\/webhooks\//, async (route) => {
    if (route.request().method() !== 'POST' || !route.request().headers()['next-action']) return route.fallback();
    const response = await route.fetch();
    answer = await response.text();
    await route.fulfill({ response, body: answer });
  });
  await checker.getByRole('button', { name: 'Check' }).click();
  await expect.poll(() => answer).toBeDefined();
  await page.unroute(/\/webhooks\//);
  await expect(verdict).toHaveAttribute('data-valid', 'false');
  await expect(verdict).toContainText('does not match');
  expect(answer).not.toBe('');
  expect(answer).not.toContain(signature);

  // A body that is not what was sent for this message is pointed out (the signature does not cover the body).
  await checker.getByLabel('X-Message-Signature').fill(signature);
  await checker.getByLabel('Body (optional)').fill('{"tampered":true}');
  await checker.getByRole('button', { name: 'Check' }).click();
  await expect(verdict).toHaveAttribute('data-valid', 'true');
  await expect(checker.getByTestId('signature-body')).toContainText('differs');
  await expectNoAxeViolations(page);
});

test('a viewer can check a signature too (read-only), in Portuguese', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', storageState: storageStatePath('viewer', baseURL!) });
  const page = await context.newPage();
  await openReceiverWithAttempts(page, baseURL!);
  await page.getByTestId('attempt-row').first().getByRole('link').click();
  await page.waitForURL(/[?&]log=/);
  const panel = page.getByTestId('attempt-panel');
  await panel.getByText('Verificar uma assinatura').click();
  const checker = panel.getByTestId('signature-check');
  await checker.getByLabel('X-Message-Id').fill('not-this-message');
  await checker.getByLabel('X-Message-Signature').fill('abc');
  await checker.getByRole('button', { name: 'Verificar' }).click();
  await expect(checker.getByTestId('signature-verdict')).toHaveAttribute('data-valid', 'false');
  await expect(checker.getByTestId('signature-verdict')).toContainText('64');
  await context.close();
});

/**
 * Opens a subscription to this console's receiver that has delivery attempts. Other specs add subscriptions to the
 * same URL that may have none yet, and the list page shows only the newest, so the candidates come from the service's
 * own list (up to 100), oldest first: the demo's subscription has had deliveries since the first transfer.
 */
async function openReceiverWithAttempts(page: Page, baseURL: string) {
  const api = await SandboxApi.asDemo(page.context().request, baseURL);
  const { data } = await api.call<{ data: { id: string; url: string; createdAt?: string }[] }>('GET', 'api/subscriptions?limit=100');
  const receivers = data.filter((s) => new URL(s.url).pathname === '/api/webhooks' && !new URL(s.url).search).reverse();
  for (const { id } of receivers) {
    await page.goto(`/webhooks/${id}`);
    if ((await page.getByTestId('attempt-row').count()) > 0) return;
  }
  // None has a delivery yet (earlier specs may have removed the demo's): one test transfer makes some, as an admin
  // would with the page's sandbox tools.
  expect(receivers.length, 'a subscription to /api/webhooks').toBeGreaterThan(0);
  const admin = await page.context().browser()!.newContext({ baseURL, storageState: storageStatePath('admin', baseURL) });
  const tools = await admin.newPage();
  await tools.goto(`/webhooks/${receivers[receivers.length - 1].id}`);
  await tools.getByLabel('Transfers to make').fill('1');
  await tools.getByRole('button', { name: 'Send test events' }).click();
  await expect(tools.getByText(/^1 test transfers? made from .+ to .+$/)).toBeVisible();
  await admin.close();
  await page.goto(`/webhooks/${receivers[receivers.length - 1].id}`);
  await expect(async () => {
    await page.reload();
    expect(await page.getByTestId('attempt-row').count()).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
}
