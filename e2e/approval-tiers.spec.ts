import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';
import { DEMO, expect, expectNoAxeViolations, storageStatePath, test, type DemoRole } from './fixtures';
import { confirmStepUpWithCode } from './helpers/step-up';
import { openPolicyEditor, POLICY_EDITOR_PT } from './helpers/policy-editor';
import { approveChangeAsSecondAdmin } from './helpers/team';

/**
 * The tiered approval policy, per role and in both languages: the admin edits the tiers table (a bound below the
 * previous tier is refused on its field before anything is sent), saves, and reads the policy in words; finance
 * requests R$ 1.500,00, which falls in the tier "one approval by finance, then one by admin"; the admin is told the
 * current step is finance's and has no approve button; finance2 approves step 1; then the admin approves step 2
 * and the withdrawal goes out. Every page is checked with axe, in en and pt-BR. The spec puts the default policy
 * back at the end, through the same server action the editor uses.
 */

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
let saveAction: { id: string; path: string } | null = null;
let payoutId = '';

async function contextIn(browser: Browser, role: DemoRole, baseURL: string, locale: 'en-US' | 'pt-BR') {
  const context = await browser.newContext({ storageState: storageStatePath(role, baseURL), baseURL, locale });
  // As newRoleContext does: the time-zone cookie a /login sign-in leaves, so the first visit does not refresh itself.
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone), url: baseURL }]);
  return context;
}

async function approveOnScreen(page: Page, id: string, role: DemoRole): Promise<void> {
  await page.goto(`/payouts/${id}`);
  await page.getByRole('button', { name: 'Review a fresh quote to approve' }).click();
  await expect(page.getByTestId('drift-bps')).toBeVisible();
  const ack = page.getByRole('checkbox', { name: /I accept that the rate moved/ });
  if (await ack.isVisible()) await ack.check();
  await page.getByRole('button', { name: 'Approve payout' }).click();
  // The approval is signed (step-up): the demo users have no passkey, so their authenticator code.
  await confirmStepUpWithCode(page, DEMO[role].email);
}

async function postAction(request: APIRequestContext, baseURL: string, action: { id: string; path: string }, input: unknown) {
  const res = await request.post(action.path, {
    headers: { 'Next-Action': action.id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component', Origin: baseURL },
    data: JSON.stringify([input]),
    maxRedirects: 0,
  });
  return { status: res.status(), text: await res.text() };
}

test('the admin saves a tiered policy: a bound out of order is refused on its field; the tiers read as sentences', async ({ adminPage: page }) => {
  await page.goto('/payouts?view=all');
  // The saved policy reads as sentences before the editor is opened.
  await expect(page.getByTestId('policy-sentences').getByRole('listitem').first()).toHaveText(/^Up to R\$[\d,]+\.\d{2}: .+\.$/);
  await expect(page.getByRole('form', { name: 'Approval policy' })).toHaveCount(0);
  const editor = await openPolicyEditor(page);
  await expect(editor).toBeFocused();
  await expect(editor.getByTestId('policy-tiers')).toBeVisible();

  await editor.getByLabel('Tier 1: up to (BRL)').fill('1000.00');
  await editor.getByLabel('Tier 2: up to (BRL)').fill('500.00');
  await editor.getByRole('button', { name: 'Save policy' }).click();
  await expect(editor.getByText('Each tier must go higher than the one before.')).toBeVisible();
  await expect(editor.getByLabel('Tier 2: up to (BRL)')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // Tier 2 (above R$ 1.000 up to R$ 100.000): one approval by finance, then one by an admin.
  await editor.getByLabel('Tier 2: up to (BRL)').fill('100000.00');
  await editor.getByLabel('Tier 2, step 1: Approvals').selectOption('1');
  await editor.getByTestId('policy-tier-1-step-0').getByRole('checkbox', { name: 'Admin' }).uncheck();
  await editor.getByTestId('policy-tier-1').getByRole('button', { name: 'Add a step' }).click();
  await expect(editor.getByTestId('policy-tier-1-step-1').getByRole('checkbox', { name: 'Admin' })).toBeChecked();
  await expect(editor.getByTestId('policy-tier-1-step-1').getByRole('checkbox', { name: 'Finance' })).not.toBeChecked();

  const saved = page.waitForRequest((r: Request) => r.method() === 'POST' && Boolean(r.headers()['next-action']));
  await editor.getByRole('button', { name: 'Save policy' }).click();
  const request = await saved;
  saveAction = { id: request.headers()['next-action']!, path: new URL(request.url()).pathname };
  await expect(page.getByText('Approval policy saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('policy-changed-by')).toContainText('admin@acme.test');
  const sentences = page.getByTestId('policy-sentences').getByRole('listitem');
  await expect(sentences.nth(0)).toHaveText('Up to R$1,000.00: one approval by finance or admin.');
  await expect(sentences.nth(1)).toHaveText('Up to R$100,000.00: one approval by finance, then one approval by admin.');
  await expect(sentences.nth(2)).toHaveText('Above R$100,000.00: 2 approvals by finance or admin, then one approval by admin.');
  await expect(sentences.nth(3)).toHaveText('No daily cap per requester.');
  await expectNoAxeViolations(page);
});

test('the editor in pt-BR: the same policy, one sentence a tier, axe clean', async ({ browser, baseURL }) => {
  const context = await contextIn(browser, 'admin', baseURL!, 'pt-BR');
  const page = await context.newPage();
  await page.goto('/payouts?view=all');
  await expect(page.getByRole('heading', { name: 'Política de aprovação' })).toBeVisible();
  const sentences = page.getByTestId('policy-sentences').getByRole('listitem');
  await expect(sentences.nth(0)).toHaveText(/^Até R\$\s1\.000,00: uma aprovação de financeiro ou administrador\.$/);
  await expect(sentences.nth(1)).toHaveText(/^Até R\$\s100\.000,00: uma aprovação de financeiro, depois uma aprovação de administrador\.$/);
  await expect(sentences.nth(2)).toHaveText(/^Acima de R\$\s100\.000,00: 2 aprovações de financeiro ou administrador, depois uma aprovação de administrador\.$/);
  await openPolicyEditor(page, POLICY_EDITOR_PT);
  await expect(page.getByLabel('Faixa 2: até (BRL)')).toHaveValue('100.000,00');
  await expectNoAxeViolations(page);
  // Closing drops the editor and gives the focus back to the button that opened it.
  await page.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Alterar a política' })).toBeFocused();
  await expect(sentences.nth(0)).toHaveText(/^Até R\$\s1\.000,00/);
  await expectNoAxeViolations(page);
  await context.close();
});

test('finance requests R$ 1.500,00: the payout shows its value, its tier and two steps', async ({ financePage: page }) => {
  await page.goto('/payouts/new');
  await expect(page.getByRole('button', { name: 'Request payout' })).toBeEnabled();
  await page.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
  const beneficiary = page.getByLabel('Beneficiary');
  const joao = await beneficiary.locator('option', { hasText: 'João Pereira' }).first().getAttribute('value');
  await beneficiary.selectOption(joao!);
  await expect(page.getByLabel('PIX key')).not.toHaveValue('');
  await page.getByLabel('Amount (BRL)').fill('1500.00');
  await page.getByLabel('Memo').fill(`Tiers ${RUN}`);
  await page.getByRole('button', { name: 'Request payout' }).click();
  await page.waitForURL(/\/payouts\/[0-9a-f-]{36}$/);
  payoutId = page.url().split('/').pop()!;

  const steps = page.getByTestId('approval-steps');
  await expect(steps.getByTestId('payout-valuation')).toContainText('Valued at R$1,500.00');
  await expect(steps.getByTestId('payout-tier')).toHaveText('Tier 2 · Up to R$100,000.00: one approval by finance, then one approval by admin.');
  await expect(steps.getByTestId('approval-step-0')).toContainText('Step 1 · one approval by finance');
  await expect(steps.getByTestId('approval-step-0')).toContainText('current step');
  await expect(steps.getByTestId('approval-step-1')).toContainText('Step 2 · one approval by admin');
  await expect(page.getByTestId('approval-count')).toHaveText('0 of 2');
  await expectNoAxeViolations(page);
});

test('step 1 is finance’s: the admin is told so and cannot approve yet; finance2 approves it', async ({ adminPage, finance2Page }) => {
  await adminPage.goto(`/payouts/${payoutId}`);
  await expect(adminPage.getByTestId('step-notice')).toHaveText('The next approval (step 1) must come from: finance.');
  await expect(adminPage.getByRole('button', { name: 'Review a fresh quote to approve' })).toHaveCount(0);
  // The admin may still reject it.
  await expect(adminPage.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
  await expectNoAxeViolations(adminPage);

  await approveOnScreen(finance2Page, payoutId, 'finance2');
  await expect(finance2Page.getByTestId('approval-count')).toHaveText('1 of 2');
  await expect(finance2Page.getByTestId('approval-step-0')).toContainText('done');
  await expect(finance2Page.getByTestId('approval-step-0')).toContainText('(Finance)');
  await expect(finance2Page.getByTestId('approval-step-1')).toContainText('current step');
  await expect(finance2Page.locator('[data-status="APPROVING"]').first()).toBeVisible();
  // Having approved step 1, finance2 has nothing more to approve here.
  await expect(finance2Page.getByRole('button', { name: 'Review a fresh quote to approve' })).toHaveCount(0);
});

test('the payout in pt-BR while step 2 waits: tier, steps and who approved, axe clean', async ({ browser, baseURL }) => {
  const context = await contextIn(browser, 'finance', baseURL!, 'pt-BR');
  const page = await context.newPage();
  await page.goto(`/payouts/${payoutId}`);
  const steps = page.getByTestId('approval-steps');
  await expect(page.getByRole('heading', { name: 'Etapas de aprovação' })).toBeVisible();
  await expect(steps.getByTestId('payout-valuation')).toContainText(/Avaliado em R\$\s1\.500,00/);
  await expect(steps.getByTestId('payout-tier')).toHaveText(/^Faixa 2 · Até R\$\s100\.000,00: uma aprovação de financeiro, depois uma aprovação de administrador\.$/);
  await expect(steps.getByTestId('approval-step-0')).toContainText('concluída');
  await expect(steps.getByTestId('approval-step-0')).toContainText('(Financeiro)');
  await expect(steps.getByTestId('approval-step-1')).toContainText('etapa atual');
  await expectNoAxeViolations(page);
  await context.close();
});

test('screenshots of the editor and the waiting payout (TIERS_SHOTS=<dir>), 1280 and 390 px, en and pt-BR', async ({ browser, baseURL }) => {
  const dir = process.env.TIERS_SHOTS;
  test.skip(!dir, 'TIERS_SHOTS not set');
  for (const locale of ['en-US', 'pt-BR'] as const) {
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      for (const [role, name, path] of [['admin', 'policy-editor', '/payouts?view=all'], ['finance', 'payout-detail', `/payouts/${payoutId}`]] as const) {
        const context = await contextIn(browser, role, baseURL!, locale);
        const page = await context.newPage();
        await page.setViewportSize({ width, height });
        await page.goto(path);
        await page.waitForLoadState('load');
        await page.screenshot({ path: `${dir}/${name}-${locale}-${width}.png`, fullPage: true });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${name} ${locale} ${width}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
        if (role === 'admin') {
          await openPolicyEditor(page, locale === 'en-US' ? undefined : POLICY_EDITOR_PT);
          await page.screenshot({ path: `${dir}/${name}-open-${locale}-${width}.png`, fullPage: true });
        }
        await context.close();
      }
    }
  }
});

test('the admin gives step 2 and the withdrawal goes out', async ({ adminPage: page }) => {
  await approveOnScreen(page, payoutId, 'admin');
  await expect(page.getByTestId('approval-count')).toHaveText('2 of 2');
  await expect(page.getByTestId('approval-step-1')).toContainText('(Admin)');
  await expect(page.locator('[data-status="COMPLETED"]').first()).toBeVisible({ timeout: 45_000 });
  await expectNoAxeViolations(page);
});

test.afterAll(async ({ browser, baseURL }) => {
  if (!saveAction) return;
  // Back to the default policy, so the specs after this one meet the payouts they expect.
  const context = await contextIn(browser, 'admin', baseURL!, 'en-US');
  const r = await postAction(context.request, baseURL!, saveAction, {
    tiers: [
      { upTo: '10000.00', steps: [{ approvals: 1, roles: ['finance', 'admin'] }] },
      { upTo: '100000.00', steps: [{ approvals: 2, roles: ['finance', 'admin'] }] },
      { upTo: null, steps: [{ approvals: 2, roles: ['finance', 'admin'] }, { approvals: 1, roles: ['admin'] }] },
    ],
    dailyCap: null,
  });
  expect(r.status, r.text).toBe(200);
  await context.close();
  // Back to the default asks less than this spec's policy (a higher first bound): a second admin signs it.
  if (r.text.includes('"pending":{')) {
    const admin2 = await contextIn(browser, 'admin2', baseURL!, 'en-US');
    await approveChangeAsSecondAdmin(await admin2.newPage(), 'change the payout approval policy so that some payouts need fewer approvals or the daily cap goes up');
    await admin2.close();
  }
});
