import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, storageStatePath, test, type DemoRole } from './fixtures';
import { chooseBatchFile } from './helpers/batches';
import { demoTotpCode, secondsToNextStep } from './helpers/totp';

/**
 * Batch payouts from a CSV file (issue 27 item 4), per role and in both languages: finance uploads 50 rows of
 * which 3 cannot be paid, the preview names the 3, finance proceeds without them and requests approval; the
 * requester has no approve button; finance2 approves with the step-up (authenticator code: demo users have no
 * passkey) — and, the total being over the policy's first tier, an admin gives the second approval, as for one payout —
 * and the page shows 47 withdrawals created, each once, live. The same in pt-BR with a semicolon file
 * in Brazilian notation. A viewer cannot reach the pages; a file of 1,001 rows or over the size cap gets a sentence.
 * Every page is checked with axe.
 */

test.describe.configure({ mode: 'serial' });

// The demo seed's beneficiary whose key the system approved (lib/sandbox/seed/seed.ts): every valid row pays it,
// each a different amount (the same key, amount and asset twice would be a duplicate row).
const TAX_ID = '39053344705';
const KEY = 'joao.pereira@example.com';

type Locale = 'en-US' | 'pt-BR';
const WORDS = {
  'en-US': {
    batchesLink: 'Batch payouts',
    newBatch: 'New batch',
    check: 'Check the file',
    summary: '50 rows read: 47 can be paid, 3 cannot.',
    proceed: 'Proceed without the 3 invalid rows',
    submit: 'Request approval',
    waiting: 'Waiting for approval',
    approve: 'Approve batch',
    dialog: 'Approve this batch',
    codeLabel: 'Code from your authenticator app',
    confirm: 'Confirm with code and approve',
    done: '47 of 47 withdrawals created',
    settled: '47 of 47 settled.',
    paid: 'Paid',
    completed: 'Completed',
    approvedItem: 'Your payout batch was approved',
    paidItem: 'Your payout batch was paid',
    unknown: 'No saved beneficiary has this tax id.',
    badAmount: 'The amount has more decimals than the asset allows.',
    duplicate: 'Same key, amount and asset as line 2.',
    tooMany: 'A batch holds at most 1,000 rows. Split the file in two.',
    tooLarge: 'The file is larger than 512 KiB.',
  },
  'pt-BR': {
    batchesLink: 'Pagamentos em lote',
    newBatch: 'Novo lote',
    check: 'Conferir o arquivo',
    summary: '50 linhas lidas: 47 podem ser pagas, 3 não podem.',
    proceed: 'Seguir sem as 3 linhas inválidas',
    submit: 'Pedir aprovação',
    waiting: 'Aguardando aprovação',
    approve: 'Aprovar lote',
    dialog: 'Aprovar este lote',
    codeLabel: 'Código do app autenticador',
    confirm: 'Confirmar com código e aprovar',
    done: '47 de 47 saques criados',
    settled: '47 de 47 finalizados.',
    paid: 'Pago',
    completed: 'Concluído',
    approvedItem: 'Seu lote de pagamentos foi aprovado',
    paidItem: 'Seu lote de pagamentos foi pago',
    unknown: 'Nenhum beneficiário salvo tem este CPF/CNPJ.',
    badAmount: 'O valor tem mais casas decimais do que a moeda permite.',
    duplicate: 'Mesma chave, valor e moeda da linha 2.',
    tooMany: 'Um lote tem no máximo 1.000 linhas. Divida o arquivo em dois.',
    tooLarge: 'O arquivo tem mais de 512 KiB.',
  },
} as const;

async function pageAs(browser: Browser, role: DemoRole, baseURL: string, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath(role, baseURL), baseURL, locale });
  return context.newPage();
}

/** 47 payable rows (distinct amounts) and 3 that cannot be paid: unknown tax id, three decimals in BRL, a duplicate. */
function csv(locale: Locale, cents: number): string {
  const pt = locale === 'pt-BR';
  const sep = pt ? ';' : ',';
  const amount = (i: number) => {
    const c = cents + i;
    const whole = `1${String(Math.floor(c / 100)).padStart(3, '0')}`; // 1,0xx: grouping in the file's notation
    const frac = String(c % 100).padStart(2, '0');
    return pt ? `${whole[0]}.${whole.slice(1)},${frac}` : `"${whole[0]},${whole.slice(1)}.${frac}"`;
  };
  const head = pt ? 'cpf_cnpj;chave_pix;valor;moeda;descricao' : 'tax_id,pix_key,amount,asset,memo';
  const rows = Array.from({ length: 47 }, (_, i) => [TAX_ID, KEY, amount(i), 'BRL', pt ? `Fornecedor ${i + 1}` : `Supplier ${i + 1}`].join(sep));
  rows.splice(10, 0, ['00000000191', KEY, amount(100), 'BRL', 'x'].join(sep)); // line 12
  rows.splice(20, 0, [TAX_ID, KEY, pt ? '12,345' : '12.345', 'BRL', 'y'].join(sep)); // line 22: three decimals
  rows.push([TAX_ID, KEY, amount(0), 'BRL', 'z'].join(sep)); // line 51, same as line 2
  return `${pt ? '\uFEFF' : ''}${head}\n${rows.join('\n')}\n`;
}

/** Confirms the batch's step-up with the demo user's code; a code already used this 30-s step is retried with the next. */
async function confirmWithCode(page: Page, email: string, w: (typeof WORDS)[Locale]) {
  const dialog = page.getByRole('dialog', { name: w.dialog });
  await expect(dialog).toBeVisible();
  const baseURL = new URL(page.url()).origin;
  for (let round = 0; round < 3; round++) {
    for (const offset of [0, 1]) {
      await dialog.getByLabel(w.codeLabel).fill(await demoTotpCode(baseURL, email, offset));
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && Boolean(r.request().headers()['next-action']));
      await dialog.getByRole('button', { name: w.confirm }).click();
      await answered;
      // The dialog closes once the approval is recorded, or shows why not (a loaded server may take seconds).
      const error = dialog.getByTestId('step-up-error');
      await expect(async () => expect((await dialog.isVisible()) ? await error.isVisible() : true).toBe(true)).toPass({ timeout: 30_000 });
      if (!(await dialog.isVisible())) return;
      const text = (await error.textContent()) ?? '';
      if (!/already used|já foi usad/.test(text)) throw new Error(`step-up refused for ${email}: ${text}`);
    }
    await page.waitForTimeout((secondsToNextStep() + 1) * 1000);
  }
  throw new Error(`step-up: no fresh code for ${email}`);
}

for (const locale of ['en-US', 'pt-BR'] as const) {
  test(`${locale}: 50 rows, 3 invalid, proceed without them, one approval with step-up, 47 withdrawals once each`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const w = WORDS[locale];
    const finance = await pageAs(browser, 'finance', baseURL!, locale);
    await finance.goto('/payouts');
    await finance.getByRole('link', { name: w.batchesLink }).click();
    await expect(finance).toHaveURL(/\/payouts\/batches$/);
    await expectNoAxeViolations(finance);
    await finance.getByRole('link', { name: w.newBatch }).click();
    await expect(finance).toHaveURL(/\/payouts\/batches\/new$/);

    // The main account (the treasury, listed first, holds less than the batch pays).
    await finance.locator('#batch-account').selectOption({ label: 'Acme Importação Ltda' });
    await chooseBatchFile(finance, 'batch.csv', csv(locale, locale === 'en-US' ? 1 : 201));
    await finance.getByRole('button', { name: w.check }).click();
    await expect(finance.getByText(w.summary)).toBeVisible();
    const invalid = finance.locator('[data-valid="false"]');
    await expect(invalid).toHaveCount(3);
    await expect(finance.getByTestId('preview-row-12')).toContainText(w.unknown);
    await expect(finance.getByTestId('preview-row-22')).toContainText(w.badAmount);
    await expect(finance.getByTestId('preview-row-51')).toContainText(w.duplicate);
    await expectNoAxeViolations(finance);
    // The error file downloads with the 3 rows and their reasons.
    const downloading = finance.waitForEvent('download');
    await finance.getByRole('button', { name: locale === 'en-US' ? 'Download the invalid rows' : 'Baixar as linhas inválidas' }).click();
    const errors = await (await downloading).createReadStream().then(async (s) => {
      let text = '';
      for await (const chunk of s) text += chunk;
      return text;
    });
    expect(errors.trim().split(/\r?\n/)).toHaveLength(4);
    expect(errors).toContain(w.duplicate);

    await expect(finance.getByRole('button', { name: w.submit })).toBeDisabled();
    await finance.getByLabel(w.proceed).check();
    await finance.getByRole('button', { name: w.submit }).click();
    await expect(finance).toHaveURL(/\/payouts\/batches\/[0-9a-f-]{36}$/);
    const batchUrl = new URL(finance.url()).pathname;
    await expect(finance.getByText(w.waiting).first()).toBeVisible();
    await expect(finance.locator('[data-testid^="batch-line-"]')).toHaveCount(47);
    // The requester cannot approve their own batch.
    await expect(finance.getByRole('button', { name: w.approve })).toHaveCount(0);
    await expectNoAxeViolations(finance);
    // The requester's inbox, open in another tab, is told of the approval and of the end as they happen.
    const inbox = await finance.context().newPage();
    await inbox.goto('/notifications');
    const batchItem = (kind: string) => inbox.locator(`[data-testid="notification-item"][data-kind="${kind}"][href="${batchUrl}"]`);

    const approver = await pageAs(browser, 'finance2', baseURL!, locale);
    await approver.goto(batchUrl);
    await approver.getByRole('button', { name: w.approve }).click();
    await expectNoAxeViolations(approver);
    await confirmWithCode(approver, 'finance2@acme.test', w);
    await expect(approver.getByRole('button', { name: w.approve })).toHaveCount(0);
    // Over the default policy's first tier (R$ 10,000) the batch needs a second approval, as one payout would: an admin's.
    if ((await approver.getByTestId('batch-progress').getAttribute('data-status')) === 'PENDING_APPROVAL') {
      const admin = await pageAs(browser, 'admin', baseURL!, locale);
      await admin.goto(batchUrl);
      await admin.getByRole('button', { name: w.approve }).click();
      await confirmWithCode(admin, 'admin@acme.test', w);
      // The progress follows at once (react-query, invalidated by the withdrawals' live events).
      await expect(admin.getByTestId('batch-progress')).not.toHaveAttribute('data-status', 'PENDING_APPROVAL', { timeout: 60_000 });
      await admin.context().close();
      await approver.reload();
    }
    await expect(approver.getByTestId('batch-progress')).toHaveAttribute('data-created', '47', { timeout: 90_000 });
    await expect(approver.getByText(w.done)).toBeVisible();
    await expect(batchItem('payout-batch.approved')).toContainText(w.approvedItem);
    // Each withdrawal is followed to its end (the sandbox settles them): every row paid, the batch completed.
    await expect(approver.getByTestId('batch-progress')).toHaveAttribute('data-final', '47', { timeout: 90_000 });
    await expect(approver.getByTestId('batch-progress')).toHaveAttribute('data-completed', '47');
    await expect(approver.getByTestId('batch-progress')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
    await expect(approver.getByText(w.settled)).toBeVisible();
    await expect(approver.getByTestId('batch-count-COMPLETED')).toContainText('47');
    await expect(approver.locator('[data-testid^="batch-line-"] [data-status="COMPLETED"]')).toHaveCount(47);
    await expect(approver.getByTestId('batch-line-2')).toContainText(w.paid);
    await expect(batchItem('payout-batch.completed')).toContainText(w.paidItem, { timeout: 30_000 });
    await batchItem('payout-batch.completed').click();
    await expect(inbox).toHaveURL(new RegExp(`${batchUrl}$`));
    await inbox.close();
    const ids = await approver.locator('[data-testid^="batch-line-"] a[href^="/operations/"]').allTextContents();
    expect(ids).toHaveLength(47);
    expect(new Set(ids).size).toBe(47);
    await expectNoAxeViolations(approver);

    // The requester's page follows on its own (react-query, live events or polling).
    await expect(finance.getByTestId('batch-progress')).toHaveAttribute('data-created', '47', { timeout: 60_000 });
    await finance.goto('/payouts/batches');
    await expect(finance.getByText(w.completed).first()).toBeVisible();
    await finance.context().close();
    await approver.context().close();
  });
}

test('a viewer cannot reach batch payouts', async ({ viewerPage: page }) => {
  for (const path of ['/payouts/batches', '/payouts/batches/new', `/payouts/batches/${crypto.randomUUID()}`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
  }
  await page.goto('/payouts');
  await expect(page.getByRole('link', { name: 'Batch payouts' })).toHaveCount(0);
});

test('1,001 rows and a 10 MB file get a sentence, nothing is stored', async ({ browser, baseURL }) => {
  for (const locale of ['en-US', 'pt-BR'] as const) {
    const w = WORDS[locale];
    const page = await pageAs(browser, 'finance', baseURL!, locale);
    await page.goto('/payouts/batches/new');
    const rows = Array.from({ length: 1001 }, (_, i) => `${TAX_ID},${KEY},${i + 1}.00,BRL,x`).join('\n');
    await chooseBatchFile(page, 'big.csv', `tax_id,pix_key,amount,asset,memo\n${rows}\n`);
    await page.getByRole('button', { name: w.check }).click();
    await expect(page.getByText(w.tooMany)).toBeVisible();
    await chooseBatchFile(page, 'huge.csv', Buffer.alloc(10 * 1024 * 1024, 'A'));
    await expect(page.getByTestId('batch-file-error')).toContainText(w.tooLarge);
    await expectNoAxeViolations(page);
    await page.context().close();
  }
});

test('screenshots of the three pages (BATCH_SHOTS=<dir>), 1280 and 390 px, en and pt-BR', async ({ browser, baseURL }) => {
  const dir = process.env.BATCH_SHOTS;
  test.skip(!dir, 'BATCH_SHOTS not set');
  test.setTimeout(240_000);
  for (const locale of ['en-US', 'pt-BR'] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ storageState: storageStatePath('finance', baseURL!), baseURL, locale, viewport: { width, height: 900 }, timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      const name = (what: string) => `${dir}/${what}-${locale}-${width}.png`;
      await page.goto('/payouts/batches');
      await page.screenshot({ path: name('list'), fullPage: true });
      const detail = await page.locator('main a[href^="/payouts/batches/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '').find((h) => /[0-9a-f-]{36}$/.test(h)));
      await page.goto('/payouts/batches/new');
      await chooseBatchFile(page, 'batch.csv', csv(locale, 401));
      await page.getByRole('button', { name: WORDS[locale].check }).click();
      await expect(page.getByText(WORDS[locale].summary)).toBeVisible();
      await page.screenshot({ path: name('new-preview'), fullPage: true });
      if (detail) {
        await page.goto(detail);
        await page.screenshot({ path: name('detail'), fullPage: true });
      }
      await context.close();
    }
  }
});
