import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, storageStatePath, test, type DemoRole } from './fixtures';
import { approveKeyOnScreen } from './helpers/key-review';
import { openPolicyEditor } from './helpers/policy-editor';
import { confirmStepUpWithCode } from './helpers/step-up';

/**
 * Beneficiaries, payouts with maker-checker approval, and the audit log, per role:
 * compliance registers a beneficiary (its PIX key turns approved live; the admin, not its creator, reviews it with
 * step-up — e2e/key-review.spec.ts covers that review in depth); finance requests a payout and cannot
 * approve it (no button, and a replayed approve is refused by the action); finance2 approves and the withdrawal
 * turns COMPLETED on screen; a rejection's reason reaches the requester; above the admin's first tier two
 * approvers are needed; a key pending review cannot be chosen; a viewer reads but acts on nothing; the admin
 * finds every step in /audit. Setup beyond the first of each kind goes through the same server actions the
 * forms use (action id and body captured from the form's real submit), not through clicks.
 */

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const SHOTS = 'screenshots/payouts';

/** A CPF with correct check digits from 9 base digits. */
function makeCpf(base9: string): string {
  const digit = (digits: string, start: number) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (start - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base9, 10);
  const d2 = digit(`${base9}${d1}`, 11);
  return `${base9}${d1}${d2}`;
}
const CPF = makeCpf(String(100_000_000 + (Date.now() % 800_000_000)).slice(0, 9));

interface CapturedAction {
  id: string;
  path: string;
  body: Record<string, unknown>;
}

/** Waits for the next server-action POST of `page` and returns its id, page path and first argument. */
function captureAction(page: Page): Promise<CapturedAction> {
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && Boolean(r.headers()['next-action']))
    .then((r) => ({
      id: r.headers()['next-action']!,
      path: new URL(r.url()).pathname,
      body: (JSON.parse(r.postData() ?? '[]') as Record<string, unknown>[])[0]!,
    }));
}

/** POSTs a server action as the browser does (RSC encoding of one argument) with `request`'s session. */
async function postAction(request: APIRequestContext, baseURL: string, action: CapturedAction, input: Record<string, unknown>) {
  const res = await request.post(action.path, {
    headers: { 'Next-Action': action.id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component', Origin: baseURL },
    data: JSON.stringify([input]),
    maxRedirects: 0,
  });
  return { status: res.status(), text: await res.text() };
}

const uuid = () => crypto.randomUUID();
const idIn = (text: string, field: string) => new RegExp(`"${field}":"([0-9a-f-]{36})"`).exec(text)?.[1] ?? null;

let createBeneficiary: CapturedAction;
let requestPayout: CapturedAction;
let approvePayout: CapturedAction;
let approvedBeneficiaryId = '';
let heldBeneficiaryId = '';
let heldInstructionId = '';
let firstPayoutId = '';

async function requestViaAction(page: Page, baseURL: string, amount: string, memo: string): Promise<string> {
  const r = await postAction(page.request, baseURL, requestPayout, { ...requestPayout.body, idempotencyKey: uuid(), amount, memo });
  const id = idIn(r.text, 'payoutId');
  expect(id, r.text).toBeTruthy();
  return id!;
}

/** Opens the fresh quote, ticks the drift acknowledgement when asked, approves with the step-up (a code: demo users). */
async function approveOnScreen(page: Page, payoutId: string, role: DemoRole): Promise<void> {
  await page.goto(`/payouts/${payoutId}`);
  await page.getByRole('button', { name: 'Review a fresh quote to approve' }).click();
  await expect(page.getByTestId('drift-bps')).toBeVisible();
  const ack = page.getByRole('checkbox', { name: /I accept that the rate moved/ });
  if (await ack.isVisible()) await ack.check();
  await page.getByRole('button', { name: 'Approve payout' }).click();
  await confirmStepUpWithCode(page, DEMO[role].email);
}

/** On a 390 px phone the page never scrolls sideways (lists turn into one card per row). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
}

async function shots(browser: Browser, baseURL: string, role: DemoRole, pages: Array<[string, string]>): Promise<void> {
  if (!process.env.PAYOUTS_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const locale of ['en-US', 'pt-BR']) {
    for (const [width, height] of [[1280, 900], [390, 844]]) {
      const context = await browser.newContext({ storageState: storageStatePath(role, baseURL), baseURL, locale, viewport: { width, height } });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        await page.goto(path);
        await page.waitForLoadState('load');
        await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }
}

test('compliance registers a beneficiary: field checks, the key normalised, then its review turns APPROVED live', async ({
  compliancePage: page,
  baseURL,
}) => {
  await page.goto('/beneficiaries/new');
  const save = page.getByRole('button', { name: 'Save beneficiary' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.locator('[id="holder.firstName-error"]')).toHaveText('Fill in this field.');
  await expect(page.locator('[id="relationshipType-error"]')).toHaveText('Choose the relationship.');
  // The address and PIX field groups subscribe to their own errors (the form body above them is memoised).
  await expect(page.locator('[id="holder.address.addressLine1-error"]')).toHaveText('Enter the street address.');
  await expect(page.locator('[id="paymentInstruction.dictKeyType-error"]')).toHaveText('Choose the PIX key type.');

  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill(`Lima ${RUN}`);
  await page.getByRole('textbox', { name: 'CPF', exact: true }).fill('111.444.777-36');
  await page.getByLabel('Date of birth').fill('2015-01-01');
  await save.click();
  await expect(page.locator('[id="holder.taxId.value-error"]')).toContainText('This CPF is not valid');
  await expect(page.locator('[id="holder.dateOfBirth-error"]')).toHaveText('The holder must be at least 18 years old.');

  await page.getByRole('textbox', { name: 'CPF', exact: true }).fill(CPF);
  await page.getByLabel('Date of birth').fill('1988-04-12');
  await page.getByLabel('Relationship').selectOption('THIRD_PARTY');
  await page.getByLabel('CEP').fill('01310-100');
  await page.getByLabel('Street address').fill('Av. Paulista, 1000');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('State (UF)').fill('SP');
  await page.getByLabel('PIX key type').selectOption('PHONE');
  // Once fixed, each group's message goes, without a submit (re-validation on change after a submit).
  await expect(page.locator('[id="holder.address.addressLine1-error"]')).toHaveCount(0);
  await expect(page.locator('[id="paymentInstruction.dictKeyType-error"]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'PIX key', exact: true }).fill('(11) 91234-5678');
  // Typed without the country code: read as a Brazilian number and saved in +55 E.164.
  await page.getByRole('textbox', { name: 'PIX key', exact: true }).blur();
  await expect(page.getByRole('textbox', { name: 'PIX key', exact: true })).toHaveValue('+5511912345678');

  const submitted = captureAction(page);
  await save.click();
  createBeneficiary = await submitted;
  await page.waitForURL(/\/beneficiaries\/[0-9a-f-]{36}$/);
  approvedBeneficiaryId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ana Lima ${RUN}`);
  const instructions = page.getByTestId('instructions');
  // Pending first, then the review's event refreshes the page by itself (the sandbox reviews after 2 s).
  await expect(instructions.locator('[data-status="APPROVED"]').first()).toBeVisible({ timeout: 15_000 });
  await expect(instructions).toContainText('+55 11 91234-5678');
  await expectNoAxeViolations(page);

  // A second beneficiary through the same action: its key ("hold") stays pending review.
  const held = await postAction(page.request, baseURL!, createBeneficiary, {
    ...createBeneficiary.body,
    idempotencyKey: uuid(),
    holder: { ...(createBeneficiary.body.holder as object), firstName: 'Bruno', lastName: `Held ${RUN}` },
    paymentInstruction: { asset: 'BRL', dictKeyType: 'EMAIL', dictKey: `hold.${RUN}@example.com` },
  });
  heldBeneficiaryId = idIn(held.text, 'beneficiaryId') ?? '';
  expect(heldBeneficiaryId, held.text).toBeTruthy();
  await page.goto(`/beneficiaries/${heldBeneficiaryId}`);
  const heldInstruction = page.locator('[data-testid^="instruction-"]');
  await expect(heldInstruction.locator('[data-status="PENDING_REVIEW"]').first()).toBeVisible();
  heldInstructionId = (await heldInstruction.getAttribute('data-testid'))!.replace('instruction-', '');

  // The list: search by name (state in the URL), the statuses of each key.
  await page.goto(`/beneficiaries?name=${encodeURIComponent(RUN)}`);
  await expect(page.getByTestId('beneficiary-row')).toHaveCount(2);
  await expect(page.getByTestId('beneficiary-row').filter({ hasText: `Held ${RUN}` }).locator('[data-status="PENDING_REVIEW"]')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the admin, not the compliance user who added it, approves the new key with step-up', async ({ adminPage, compliancePage, baseURL }) => {
  await compliancePage.goto(`/beneficiaries/${approvedBeneficiaryId}`);
  await expect(compliancePage.getByTestId('key-review')).toContainText('You added this key, so someone else must review it.');
  await expect(compliancePage.getByTestId('approve-key')).toHaveCount(0);
  await approveKeyOnScreen(adminPage, baseURL!, DEMO.admin.email, approvedBeneficiaryId);
  await expect(adminPage.getByTestId('key-review')).toHaveAttribute('data-review-state', 'APPROVED');
});

test('finance requests a payout: a key pending review cannot be chosen; no approve for the requester', async ({ financePage: page }) => {
  await page.goto('/payouts/new');
  await expect(page.getByRole('button', { name: 'Request payout' })).toBeEnabled();
  // The funded demo account: other journeys open new, empty accounts that may sort first.
  await page.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
  const beneficiary = page.getByLabel('Beneficiary');
  await expect(beneficiary.locator(`option[value="${heldBeneficiaryId}"]`)).toBeDisabled();
  await expect(beneficiary.locator(`option[value="${heldBeneficiaryId}"]`)).toContainText('no approved PIX key yet');
  await beneficiary.selectOption(approvedBeneficiaryId);
  await expect(page.getByLabel('PIX key')).not.toHaveValue('');
  await page.getByLabel('Amount (BRL)').fill('100.00');
  await page.getByLabel('Memo').fill(`Invoice ${RUN}`);
  await expectNoAxeViolations(page);
  const submitted = captureAction(page);
  await page.getByRole('button', { name: 'Request payout' }).click();
  requestPayout = await submitted;
  await page.waitForURL(/\/payouts\/[0-9a-f-]{36}$/);
  firstPayoutId = page.url().split('/').pop()!;
  expect(requestPayout.body.amount).toMatch(/^100(\.0{1,2})?$/);

  await expect(page.locator('[data-status="APPROVING"]').first()).toBeVisible();
  await expect(page.getByTestId('no-actions')).toHaveText('You requested this payout: someone else must approve it.');
  await expect(page.getByRole('button', { name: 'Review a fresh quote to approve' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The pending key is refused by the action itself too, on its field.
  const held = await postAction(page.request, new URL(page.url()).origin, requestPayout, {
    ...requestPayout.body,
    idempotencyKey: uuid(),
    beneficiaryId: heldBeneficiaryId,
    instructionId: heldInstructionId,
  });
  expect(held.text).toContain('INSTRUCTION_NOT_APPROVED');
});

test('finance2 sees it in the inbox, approves, and the withdrawal turns COMPLETED on screen; a replayed approve by the requester is refused', async ({
  finance2Page: page,
  financePage,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Payouts/ })).toContainText(/\d/);
  await expect(page.getByTestId('payouts-inbox')).toContainText(`Ana Lima ${RUN}`);
  const actions: CapturedAction[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.headers()['next-action']) {
      actions.push({ id: r.headers()['next-action']!, path: new URL(r.url()).pathname, body: JSON.parse(r.postData() ?? '[]')[0] });
    }
  });
  await approveOnScreen(page, firstPayoutId, 'finance2');
  await expect(page.locator('[data-status="COMPLETED"]').first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('withdrawal-status')).toContainText('Completed');
  // The payout links to its withdrawal, which names the beneficiary and the PIX key type in words and links back.
  await page.getByTestId('payout-operation-link').click();
  await page.waitForURL(/\/operations\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('operation-beneficiary')).toHaveText(`Ana Lima ${RUN}`);
  await expect(page.getByTestId('operation-beneficiary')).toHaveAttribute('href', `/beneficiaries/${approvedBeneficiaryId}`);
  await expect(page.getByTestId('operation-payment-instruction')).toHaveText(/^PIX key · (CPF|E-mail|Phone|Random key \(EVP\)) · \S/);
  await expect(page.getByTestId('operation-payment-instruction')).not.toContainText('PIX_KEY');
  await page.getByTestId('operation-payout-link').click();
  await page.waitForURL(new RegExp(`/payouts/${firstPayoutId}$`));
  // No approval deadline once the request no longer waits for approval.
  await expect(page.getByTestId('payout-expires')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The requester replays the approve request exactly as finance2's browser sent it: refused by the action.
  approvePayout = actions.find((a) => 'stepUp' in a.body)!;
  expect(approvePayout.body.payoutId).toBe(firstPayoutId);
  const replay = await postAction(financePage.request, baseURL!, approvePayout, approvePayout.body);
  expect(replay.text).toContain('SELF_APPROVAL');
  expect(replay.text).not.toContain('"replayed"');
});

test('a rejection with its reason reaches the requester', async ({ financePage, finance2Page: page, baseURL }) => {
  const id = await requestViaAction(financePage, baseURL!, '50.00', `Reject me ${RUN}`);
  await page.goto(`/payouts/${id}`);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this payout?' });
  await dialog.getByRole('button', { name: 'Reject payout' }).click();
  await expect(dialog.getByText('Give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Invoice already paid by boleto');
  await dialog.getByRole('button', { name: 'Reject payout' }).click();
  await expect(page.locator('[data-status="REJECTED"]').first()).toBeVisible();

  await financePage.goto(`/payouts/${id}`);
  await expect(financePage.getByTestId('rejection-reason')).toContainText('Invoice already paid by boleto');
  await expect(financePage.getByTestId('rejection-reason')).toContainText('finance2');
});

test('above the admin’s first tier a payout needs two approvers', async ({ adminPage, financePage, finance2Page, baseURL }) => {
  await adminPage.goto('/payouts?view=all');
  await openPolicyEditor(adminPage);
  await adminPage.getByLabel('Tier 1: up to (BRL)').fill('1000.00');
  await adminPage.getByRole('button', { name: 'Save policy' }).click();
  await expect(adminPage.getByTestId('policy-sentences')).toContainText('Up to R$1,000.00: one approval by finance or admin.');
  await expect(adminPage.getByTestId('policy-sentences')).toContainText('Up to R$100,000.00: 2 approvals by finance or admin.');
  await expect(adminPage.getByTestId('policy-changed-by')).toContainText('admin@');

  const id = await requestViaAction(financePage, baseURL!, '1500.00', `Two approvals ${RUN}`);
  await approveOnScreen(finance2Page, id, 'finance2');
  await expect(finance2Page.getByTestId('approval-count')).toHaveText('1 of 2');
  await expect(finance2Page.locator('[data-status="APPROVING"]').first()).toBeVisible();

  await approveOnScreen(adminPage, id, 'admin');
  await expect(adminPage.getByTestId('approval-count')).toHaveText('2 of 2');
  await expect(adminPage.locator('[data-status="COMPLETED"]').first()).toBeVisible({ timeout: 20_000 });
});

test('a viewer reads beneficiaries and payouts but acts on nothing; the requester cancels', async ({ viewerPage: page, financePage, baseURL }) => {
  const id = await requestViaAction(financePage, baseURL!, '25.00', `Viewer reads ${RUN}`);
  await page.goto('/payouts');
  await expect(page.getByRole('link', { name: 'Request a payout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'All requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Waiting for my approval' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Approval policy' })).toHaveCount(0);
  await expect(page.getByTestId(`payout-row-${id}`)).toBeVisible();
  await expectNoAxeViolations(page);
  // A phone: one card per request with its key facts, and no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId(`payout-card-${id}`);
  await expect(card.getByRole('link', { name: `Ana Lima ${RUN}` })).toBeVisible();
  await expect(card).toContainText('25.00');
  await expect(card).toContainText('Waiting for approval');
  await expect(card).toContainText('Requested by');
  await expect(page.getByTestId(`payout-row-${id}`)).toBeHidden();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/payouts/${id}`);
  await expect(page.getByTestId('no-actions')).toHaveText('You can read this request but not act on it.');
  await expect(page.getByTestId('payout-expires')).toBeVisible();
  for (const name of ['Review a fresh quote to approve', 'Reject', 'Cancel request']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await page.goto(`/beneficiaries/${approvedBeneficiaryId}`);
  await expect(page.getByTestId('instructions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add PIX key' })).toHaveCount(0);
  for (const path of ['/payouts/new', '/beneficiaries/new', '/audit']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
  }

  // The requester withdraws it; nobody can approve it any more.
  await financePage.goto(`/payouts/${id}`);
  await financePage.getByRole('button', { name: 'Cancel request' }).click();
  await financePage.getByRole('dialog', { name: 'Cancel this request?' }).getByRole('button', { name: 'Cancel request' }).click();
  await expect(financePage.locator('[data-status="CANCELLED"]').first()).toBeVisible();
  await expect(financePage.getByTestId('payout-expires')).toHaveCount(0);
});

test('the admin finds every step of a payout in /audit, the refused replay included, and exports it', async ({ adminPage: page }) => {
  await page.goto(`/payouts/${firstPayoutId}`);
  await page.getByRole('link', { name: 'Full history in the audit log' }).click();
  await page.waitForURL(/\/audit\?target=/);
  const rows = page.getByTestId('audit-row');
  for (const action of ['payouts.request', 'payouts.previewQuote', 'payouts.approve', 'payouts.execute', 'payouts.withdrawal', 'payouts.complete']) {
    await expect(rows.and(page.locator(`[data-action="${action}"][data-outcome="success"]`)).first(), action).toBeVisible();
  }
  await expect(rows.and(page.locator('[data-action="payouts.approve"][data-outcome="denied"]'))).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByLabel('Outcome').selectOption('denied');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/outcome=denied/);
  await expect(rows).toHaveCount(1);
  // A phone: the event as one card (action, outcome, actor, target), and no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('audit-card');
  await expect(card).toHaveCount(1);
  await expect(card).toBeVisible();
  await expect(card).toContainText('payouts.approve');
  await expect(card).toContainText('Denied');
  await expect(card).toContainText(firstPayoutId);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  // The export is a GET form (filters as hidden fields, the layout a choice): the URL it submits.
  const href = await page
    .getByTestId('audit-export')
    .evaluate((form) => `/api/audit/export?${new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as Record<string, string>)}`);
  const csv = await page.request.get(href);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toContain(firstPayoutId);
  expect(text).toContain('denied');
});

// Screenshots for people to look at (desktop and 390 px, en and pt-BR): only when asked, outside the time budget.
test('screenshots', async ({ browser, baseURL }) => {
  test.skip(!process.env.PAYOUTS_SCREENSHOTS, 'set PAYOUTS_SCREENSHOTS=1 to take them');
  test.setTimeout(300_000);
  await shots(browser, baseURL!, 'admin', [
    ['overview', '/'],
    ['audit', `/audit?target=${firstPayoutId}`],
    ['payouts', '/payouts?view=all'],
    ['payout', `/payouts/${firstPayoutId}`],
    ['beneficiaries', '/beneficiaries'],
    ['beneficiary', `/beneficiaries/${approvedBeneficiaryId}`],
    ['beneficiary-new', '/beneficiaries/new'],
    ['payout-new', '/payouts/new'],
  ]);
});
