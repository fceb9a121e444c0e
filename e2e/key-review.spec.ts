import type { Page, Request } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';
import { approveKeyOnScreen } from './helpers/key-review';

/**
 * New beneficiary keys need the team's own review (issue 25, item 4): compliance adds a beneficiary and its key; the
 * service approves the key, but finance still cannot pay it (the form lists it disabled naming why, and a forced
 * choice is refused on the key's field); the creator cannot review it (no button, and a replayed action is refused);
 * the admin approves it with step-up; then the payout goes through. A second key waits "for someone other than"
 * its creator, and a rejection's reason shows. Per role, in en and pt-BR, with axe.
 */

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const LAST = `Revisão ${RUN}`;
const CREATOR = DEMO.compliance.name;

function makeCpf(base9: string): string {
  const digit = (digits: string, start: number) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (start - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base9, 10);
  return `${base9}${d1}${digit(`${base9}${d1}`, 11)}`;
}

let beneficiaryId = '';
let firstKeyId = '';
let secondKeyId = '';
let beginAction: { id: string; path: string } | null = null;

async function keyIds(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid^="instruction-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('instruction-', '')));
  return ids;
}

test('compliance adds a beneficiary: its key, approved by the service, waits for someone else’s review', async ({ compliancePage: page }) => {
  await page.goto('/beneficiaries/new');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill(LAST);
  await page.getByRole('textbox', { name: 'CPF', exact: true }).fill(makeCpf(String(200_000_000 + (Date.now() % 700_000_000)).slice(0, 9)));
  await page.getByLabel('Date of birth').fill('1985-02-20');
  await page.getByLabel('Relationship').selectOption('THIRD_PARTY');
  await page.getByLabel('CEP').fill('01310-100');
  await page.getByLabel('Street address').fill('Av. Paulista, 1000');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('State (UF)').fill('SP');
  await page.getByLabel('PIX key type').selectOption('EMAIL');
  await page.getByRole('textbox', { name: 'PIX key', exact: true }).fill(`rita.${RUN}@example.com`);
  await page.getByRole('button', { name: 'Save beneficiary' }).click();
  await page.waitForURL(/\/beneficiaries\/[0-9a-f-]{36}$/);
  beneficiaryId = page.url().split('/').pop()!;
  // The service approves it by itself after 2 s; the page refreshes live.
  await expect(page.getByTestId('instructions').locator('[data-status="APPROVED"]').first()).toBeVisible({ timeout: 15_000 });
  [firstKeyId] = await keyIds(page);
  const review = page.getByTestId(`instruction-${firstKeyId}`).getByTestId('key-review');
  await expect(review).toHaveAttribute('data-review-state', 'AWAITING_REVIEW');
  await expect(review).toContainText('Waiting for your team’s review');
  await expect(review).toContainText('You added this key, so someone else must review it.');
  await expect(review).toContainText(`Added by ${CREATOR}.`);
  await expect(review.getByTestId('approve-key')).toHaveCount(0);
  // No "Request payout" while no key may receive one.
  await expect(page.getByRole('link', { name: 'Request a payout' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('finance cannot pay the key yet: listed disabled, and a forced choice is refused on the key’s field (en and pt-BR)', async ({
  financePage: page,
  browser,
  baseURL,
}) => {
  await page.goto('/payouts/new');
  await page.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
  const option = page.getByLabel('Beneficiary').locator(`option[value="${beneficiaryId}"]`);
  await expect(option).toBeDisabled();
  await expect(option).toHaveText(`Rita ${LAST} — PIX key waiting for your team’s review`);
  await expectNoAxeViolations(page);

  // A stale or hand-made form that sends the key anyway: the server refuses it, said on the key's field.
  await page.evaluate((id) => {
    for (const o of document.querySelectorAll(`option[value="${id}"]`)) o.removeAttribute('disabled');
  }, beneficiaryId);
  await page.getByLabel('Beneficiary').selectOption(beneficiaryId);
  await page.evaluate((id) => {
    for (const o of document.querySelectorAll(`option[value="${id}"]`)) o.removeAttribute('disabled');
  }, firstKeyId);
  await page.getByLabel('PIX key').selectOption(firstKeyId);
  await page.getByLabel('Amount (BRL)').fill('25.00');
  await page.getByRole('button', { name: 'Request payout' }).click();
  // The field says the refusal in the catalogue's words for its code (errors.KEY_NOT_REVIEWED).
  await expect(page.locator('[id="instructionId-error"]')).toHaveText(
    'This PIX key is waiting for review by someone on your team other than the person who added it, so it cannot receive a payout yet.',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'The payout was not requested' })).toContainText(
    'This PIX key is waiting for review by someone on your team other than the person who added it',
  );
  expect(page.url()).toMatch(/\/payouts\/new/);

  const context = await browser.newContext({ storageState: storageStatePath('finance', baseURL!), baseURL, locale: 'pt-BR' });
  const pt = await context.newPage();
  await pt.goto('/payouts/new');
  await expect(pt.getByLabel('Beneficiário').locator(`option[value="${beneficiaryId}"]`)).toHaveText(
    `Rita ${LAST} — chave PIX aguardando revisão da sua equipe`,
  );
  await expectNoAxeViolations(pt);
  // The same forced choice in Portuguese: the refusal on the key's field in the catalogue's Portuguese words.
  await pt.getByLabel('Da conta').selectOption({ label: 'Acme Importação Ltda' });
  await pt.evaluate((id) => {
    for (const o of document.querySelectorAll(`option[value="${id}"]`)) o.removeAttribute('disabled');
  }, beneficiaryId);
  await pt.getByLabel('Beneficiário').selectOption(beneficiaryId);
  await pt.evaluate((id) => {
    for (const o of document.querySelectorAll(`option[value="${id}"]`)) o.removeAttribute('disabled');
  }, firstKeyId);
  await pt.getByLabel('Chave PIX').selectOption(firstKeyId);
  await pt.getByLabel('Valor (BRL)').fill('25,00');
  await pt.getByRole('button', { name: 'Pedir pagamento' }).click();
  await expect(pt.locator('[id="instructionId-error"]')).toHaveText(
    'Esta chave PIX aguarda revisão de alguém da sua equipe que não seja a pessoa que a adicionou; por isso, ainda não pode receber pagamentos.',
  );
  await context.close();
});

test('the admin approves the key with step-up (the statement lists what is approved); the creator’s replay is refused', async ({
  adminPage: page,
  compliancePage,
  baseURL,
}) => {
  await page.goto(`/beneficiaries/${beneficiaryId}`);
  const review = page.getByTestId(`instruction-${firstKeyId}`).getByTestId('key-review');
  await expect(review).toContainText(`Waiting for review by someone other than ${CREATOR}.`);
  await expectNoAxeViolations(page);

  // The begin action as the admin's browser sends it, replayed by the key's creator: refused by the server.
  page.on('request', (r: Request) => {
    const body = r.postData() ?? '';
    if (r.method() === 'POST' && r.headers()['next-action'] && body.includes(firstKeyId) && !body.includes('challengeId') && !beginAction) {
      beginAction = { id: r.headers()['next-action']!, path: new URL(r.url()).pathname };
    }
  });
  await review.getByTestId('approve-key').click();
  const dialog = page.getByTestId('step-up-dialog');
  await expect(dialog.locator('[data-fact="holder"]')).toContainText(`Rita ${LAST}`);
  await expect(dialog.locator('[data-fact="keyType"]')).toContainText('E-mail');
  await expect(dialog.locator('[data-fact="key"]')).toContainText('.com');
  await expect(dialog.locator('[data-fact="asset"]')).toContainText('BRL');
  await expectNoAxeViolations(page);
  expect(beginAction).not.toBeNull();
  const replay = await compliancePage.request.post(beginAction!.path, {
    headers: { 'Next-Action': beginAction!.id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component', Origin: baseURL! },
    data: JSON.stringify([{ beneficiaryId, instructionId: firstKeyId }]),
    maxRedirects: 0,
  });
  expect(await replay.text()).toContain('KEY_REVIEW_OWN_KEY');
  await page.keyboard.press('Escape');

  await approveKeyOnScreen(page, baseURL!, DEMO.admin.email, beneficiaryId, firstKeyId);
  const decided = page.getByTestId(`instruction-${firstKeyId}`).getByTestId('key-review');
  await expect(decided).toHaveAttribute('data-review-state', 'APPROVED');
  await expect(decided).toContainText(`Approved by ${DEMO.admin.name}`);
  await expect(decided.getByTestId('approve-key')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('compliance adds a second key: it waits for someone other than its creator; finance pays the reviewed key', async ({
  compliancePage,
  financePage: page,
  browser,
  baseURL,
}) => {
  await compliancePage.goto(`/beneficiaries/${beneficiaryId}`);
  await compliancePage.getByLabel('PIX key type').selectOption('EMAIL');
  await compliancePage.getByRole('textbox', { name: 'PIX key', exact: true }).fill(`rita.second.${RUN}@example.com`);
  await compliancePage.getByRole('button', { name: 'Add PIX key' }).click();
  await expect(compliancePage.locator('[data-testid^="instruction-"]')).toHaveCount(2);
  secondKeyId = (await keyIds(compliancePage)).find((id) => id !== firstKeyId)!;
  await expect(compliancePage.getByTestId(`instruction-${secondKeyId}`).locator('[data-status="APPROVED"]').first()).toBeVisible({ timeout: 15_000 });

  await page.goto('/payouts/new');
  await page.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
  await page.getByLabel('Beneficiary').selectOption(beneficiaryId);
  const second = page.getByLabel('PIX key').locator(`option[value="${secondKeyId}"]`);
  await expect(second).toBeDisabled();
  await expect(second).toContainText(`waiting for review by someone other than ${CREATOR}`);
  await expect(page.getByLabel('PIX key')).toHaveValue(firstKeyId);
  await page.getByLabel('Amount (BRL)').fill('25.00');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Request payout' }).click();
  await page.waitForURL(/\/payouts\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-status="APPROVING"]').first()).toBeVisible();

  const context = await browser.newContext({ storageState: storageStatePath('finance', baseURL!), baseURL, locale: 'pt-BR' });
  const pt = await context.newPage();
  await pt.goto(`/payouts/new?beneficiaryId=${beneficiaryId}`);
  await expect(pt.getByLabel('Chave PIX').locator(`option[value="${secondKeyId}"]`)).toContainText(`aguardando revisão de alguém que não seja ${CREATOR}`);
  await expectNoAxeViolations(pt);
  await context.close();
});

test('the admin rejects the second key with a reason, shown to the team (en and pt-BR); a viewer sees states but no buttons', async ({
  adminPage: page,
  viewerPage,
  browser,
  baseURL,
}) => {
  await page.goto(`/beneficiaries/${beneficiaryId}`);
  const review = page.getByTestId(`instruction-${secondKeyId}`).getByTestId('key-review');
  await review.getByTestId('reject-key').click();
  const dialog = page.getByRole('dialog', { name: 'Reject this PIX key?' });
  await dialog.getByRole('button', { name: 'Reject key' }).click();
  await expect(dialog.getByText('Give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Not the supplier’s account');
  await dialog.getByRole('button', { name: 'Reject key' }).click();
  await expect(review).toHaveAttribute('data-review-state', 'REJECTED');
  await expect(review).toContainText(`Rejected by ${DEMO.admin.name}. Reason: Not the supplier’s account`);
  await expectNoAxeViolations(page);

  await viewerPage.goto(`/beneficiaries/${beneficiaryId}`);
  await expect(viewerPage.getByTestId('key-review')).toHaveCount(2);
  await expect(viewerPage.getByTestId('approve-key')).toHaveCount(0);
  await expect(viewerPage.getByTestId('reject-key')).toHaveCount(0);

  const context = await browser.newContext({ storageState: storageStatePath('compliance', baseURL!), baseURL, locale: 'pt-BR' });
  const pt = await context.newPage();
  await pt.goto(`/beneficiaries/${beneficiaryId}`);
  await expect(pt.getByTestId(`instruction-${firstKeyId}`).getByTestId('key-review')).toContainText('Aprovada pela sua equipe');
  await expect(pt.getByTestId(`instruction-${secondKeyId}`).getByTestId('key-review')).toContainText(
    `Recusada por ${DEMO.admin.name}. Motivo: Not the supplier’s account`,
  );
  await expectNoAxeViolations(pt);
  await pt.goto(`/payouts/new?beneficiaryId=${beneficiaryId}`);
  await context.close();

  const fin = await browser.newContext({ storageState: storageStatePath('finance', baseURL!), baseURL });
  const fp = await fin.newPage();
  await fp.goto(`/payouts/new?beneficiaryId=${beneficiaryId}`);
  await expect(fp.getByLabel('PIX key').locator(`option[value="${secondKeyId}"]`)).toContainText('rejected by your team');
  await fin.close();
});
