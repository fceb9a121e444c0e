import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';
import { approveKeyOnScreen } from './helpers/key-review';
import { SandboxApi } from './helpers/sandbox';

/**
 * Companies as beneficiaries and one PIX key per beneficiary (issue 26, items 5 and 6): compliance registers a
 * supplier company (CNPJ checked on the field), the list and the detail say it is a company with its trade name,
 * finance finds it by its legal name in the payout picker; adding the same key again is refused on the key's field
 * in both languages, and the picker lists the key once.
 */

const RUN = Date.now().toString(36);
const LEGAL = `Fornecedora Pirâmide ${RUN} Ltda`;
const TRADE = `Pirâmide ${RUN}`;
const KEY = `pagamentos.${RUN}@example.com`;

/**
 * A supplier company registered straight at the service (the demo customer, which reviews keys by itself after
 * 2 s), so each test stands alone.
 */
async function registeredCompany(request: APIRequestContext, baseURL: string, name: string, key: string): Promise<{ api: SandboxApi; id: string }> {
  const api = await SandboxApi.asDemo(request, baseURL);
  const { id } = await api.call<{ id: string }>('POST', 'api/beneficiaries', {
    holder: {
      type: 'COMPANY',
      legalName: name,
      tradeName: null,
      taxId: { type: 'CNPJ', value: '11222333000181' },
      address: { addressLine1: 'Rua do Porto, 10', addressLine2: null, city: 'Santos', state: 'SP', country: 'BR', postalCode: '11010-000' },
    },
    relationshipType: 'THIRD_PARTY',
    paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: key },
  });
  return { api, id };
}

test('compliance registers a company: CNPJ checked on its field; detail and list say company, with the trade name', async ({ compliancePage: page }) => {
  await page.goto('/beneficiaries/new');
  // A person by default; choosing a company swaps the person's fields for the company's.
  await expect(page.getByRole('radio', { name: 'Individual (CPF)' })).toBeChecked();
  await page.getByRole('radio', { name: 'Company (CNPJ)' }).check();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await expect(page.getByLabel('Date of birth')).toHaveCount(0);
  await page.getByLabel('Legal name').fill(LEGAL);
  await page.getByLabel('Trade name').fill(TRADE);
  const cnpj = page.getByRole('textbox', { name: 'CNPJ', exact: true });
  await cnpj.fill('11.222.333/0001-82');
  await page.getByLabel('Relationship').selectOption('THIRD_PARTY');
  await page.getByLabel('CEP').fill('13010-000');
  await page.getByLabel('Street address').fill('Av. Brasil, 1500');
  await page.getByLabel('City').fill('Campinas');
  await page.getByLabel('State (UF)').fill('SP');
  await page.getByLabel('PIX key type').selectOption('EMAIL');
  await page.getByRole('textbox', { name: 'PIX key', exact: true }).fill(KEY);
  const save = page.getByRole('button', { name: 'Save beneficiary' });
  await save.click();
  await expect(page.locator('[id="holder.taxId.value-error"]')).toHaveText('This CNPJ is not valid: check the digits.');
  await expectNoAxeViolations(page);

  // Typed bare, shown in its mask once complete.
  await cnpj.fill('11222333000181');
  await cnpj.blur();
  await expect(cnpj).toHaveValue('11.222.333/0001-81');
  await expect(page.locator('[id="holder.taxId.value-error"]')).toHaveCount(0);
  await save.click();
  await page.waitForURL(/\/beneficiaries\/[0-9a-f-]{36}$/);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEGAL);
  await expect(page.getByTestId('holder-type')).toHaveText('Company (CNPJ)');
  const main = page.getByRole('main');
  await expect(main).toContainText(TRADE);
  await expect(main).toContainText('11.222.333/0001-81');
  await expect(main.getByText('Date of birth')).toHaveCount(0);
  // The demo customer's review approves the key by itself after 2 s; the page follows it live.
  await expect(page.locator('[data-testid^="instruction-"]')).toHaveCount(1);
  await expect(page.getByTestId('instructions').locator('[data-status="APPROVED"]').first()).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The list finds it by its trade name and says it is a company.
  await page.goto(`/beneficiaries?name=${encodeURIComponent(TRADE)}`);
  const row = page.getByTestId('beneficiary-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: LEGAL })).toBeVisible();
  await expect(row.getByTestId('holder-type')).toHaveText('Company (CNPJ)');
  await expect(row).toContainText(TRADE);
  await expect(row).toContainText('11.222.333/0001-81');
});

test('the same PIX key added again is refused on the key field (en and pt-BR); the beneficiary keeps one key', async ({
  compliancePage: page,
  browser,
  baseURL,
}) => {
  const key = `duplicada.${RUN}@example.com`;
  const { id: beneficiaryId } = await registeredCompany(page.request, baseURL!, `Duplicada ${RUN} Ltda`, key);
  await page.goto(`/beneficiaries/${beneficiaryId}`);
  const instructions = page.locator('[data-testid^="instruction-"]');
  await expect(instructions).toHaveCount(1);
  await page.getByLabel('PIX key type').selectOption('EMAIL');
  // Typed with other capitals: the same key once normalised.
  await page.getByRole('textbox', { name: 'PIX key', exact: true }).fill(key.replace('duplicada', 'Duplicada').replace('example', 'Example'));
  await page.getByRole('button', { name: 'Add PIX key' }).click();
  await expect(page.locator('[id="dictKey-error"]')).toHaveText('This beneficiary already has this PIX key: each key is registered once.');
  await expect(page.getByRole('textbox', { name: 'PIX key', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(instructions).toHaveCount(1);
  await expectNoAxeViolations(page);

  const context = await browser.newContext({ storageState: storageStatePath('compliance', baseURL!), baseURL, locale: 'pt-BR' });
  const pt = await context.newPage();
  await pt.goto(`/beneficiaries/${beneficiaryId}`);
  await pt.getByLabel('Tipo de chave PIX').selectOption('EMAIL');
  await pt.getByRole('textbox', { name: 'Chave PIX', exact: true }).fill(key);
  await pt.getByRole('button', { name: 'Adicionar chave PIX' }).click();
  await expect(pt.locator('[id="dictKey-error"]')).toHaveText('Este beneficiário já tem esta chave PIX: cada chave é cadastrada uma vez só.');
  await context.close();
});

test('finance finds a company by its legal name in the payout picker, its key listed once even when sent twice', async ({
  financePage: page,
  compliancePage,
  baseURL,
}) => {
  const key = `picker.${RUN}@example.com`;
  const name = `Importadora Picker ${RUN} S.A.`;
  const { api, id: beneficiaryId } = await registeredCompany(page.request, baseURL!, name, key);
  // The same key sent again straight to the service: refused, so nothing doubles in the picker.
  const again = await page.request.post(`${baseURL}/sandbox/api/beneficiaries/${beneficiaryId}/payment-instructions`, {
    headers: { Authorization: `Bearer ${api.token}`, 'X-Idempotency-Key': crypto.randomUUID() },
    data: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: key },
  });
  expect(again.status(), await again.text()).toBe(422);
  expect(await again.json()).toMatchObject({ code: 'INVALID_DATA', details: { errors: [{ code: 'DUPLICATE_PIX_KEY', field: 'body:dictKey' }] } });

  const option = page.getByLabel('Beneficiary').locator(`option[value="${beneficiaryId}"]`);
  // Registered straight at the service, so no creator is known: anyone who may review keys (here compliance)
  // approves it for the team; the service's own review still has to pass too.
  await approveKeyOnScreen(compliancePage, baseURL!, DEMO.compliance.email, beneficiaryId);
  // Its key is approved by the service 2 s after creation; the picker offers it once it is.
  await expect
    .poll(
      async () => {
        await page.goto('/payouts/new');
        return (await option.isEnabled()) ? 'enabled' : 'pending';
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe('enabled');
  await page.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
  await expect(option).toHaveText(name);
  await page.getByLabel('Beneficiary').selectOption(beneficiaryId);
  await expect(page.getByLabel('PIX key').locator('option', { hasText: key })).toHaveCount(1);
  await expectNoAxeViolations(page);
});
