import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { isValidCnpj } from '../lib/validation/cnpj';
import { expect, expectNoAxeViolations, newRoleContext, test } from './fixtures';

/**
 * Accounts: create (client and service validation, idempotency), list (cursor pages, filters, empty state),
 * detail (checklist, funding instructions), not-found, permissions, and axe on every page.
 *
 * The paging data (26 accounts) is created through the console's own create action over HTTP — the same
 * production path the form uses (session, permission, schema, idempotency key, service) — so the test needs
 * no sandbox credentials and no test-only route. The action id is taken from the form's first real submit.
 */

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).toUpperCase();
const PAGING_PREFIX = `Paging ${RUN}`;
const PAGING_COUNT = 26;
/** Screenshots for looking at the pages (E2E_SCREENSHOTS_DIR=<dir>); off in `npm test`, where 23 full-page shots cost time and prove nothing. */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

let createActionId: string | null = null;
/** Idempotency key of an account created by `postCreateAction`: reused later to provoke a service rejection. */
let usedKey: string | null = null;

if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/accounts-${name}.png`, fullPage });
}

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
function checkDigit(chars: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + (chars.charCodeAt(i) - 48) * w, 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}
/** A CNPJ with correct check digits from 12 base characters. */
function makeCnpj(base12: string): string {
  const d1 = checkDigit(base12, W1);
  const d2 = checkDigit(`${base12}${d1}`, W2);
  const cnpj = `${base12}${d1}${d2}`;
  expect(isValidCnpj(cnpj), `generated CNPJ ${cnpj}`).toBe(true);
  return cnpj;
}

function formInput(name: string, cnpj: string, assets: string[], idempotencyKey: string) {
  return {
    legalName: name,
    taxId: cnpj,
    industry: 'WHOLESALE',
    incorporateDate: '2018-05-20',
    address: {
      addressLine1: 'Rua Augusta, 500',
      addressLine2: '',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      postalCode: '01304-000',
    },
    assets: assets.map((code) => ({ code, isVirtual: false })),
    idempotencyKey,
  };
}

/** POSTs the create-account server action as the browser does (RSC reply encoding of one argument). */
async function postCreateAction(request: APIRequestContext, baseURL: string, input: unknown) {
  expect(createActionId, 'the create action id is captured by the first test').toBeTruthy();
  const res = await request.post('/accounts/new', {
    headers: {
      'Next-Action': createActionId!,
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: baseURL,
    },
    data: JSON.stringify([input]),
    maxRedirects: 0,
  });
  const text = await res.text();
  const accountId = /"accountId":"([0-9a-f-]{36})"/.exec(text)?.[1] ?? null;
  return { status: res.status(), accountId, text };
}

/**
 * The names in the table once the page has finished streaming: until React reveals a streamed list, the list is also
 * in the document hidden, with rows but without the (hidden, so role-less) pagination — reading then found rows and
 * no "Next" link (the flake in CI: "paging forward and back…", DESCENDING, [10] instead of [10, 10, 6]).
 */
async function rowNames(page: Page): Promise<string[]> {
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  return page.locator('table tbody tr td:first-child a').filter({ visible: true }).allInnerTexts();
}

/** The form's submit button is enabled once React hydrated it; typing before that could be lost. */
async function openCreateForm(page: Page) {
  await page.goto('/accounts/new');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
}

async function fillCompany(page: Page, name: string, cnpj: string) {
  await page.getByLabel('Legal name').fill(name);
  await page.getByLabel('CNPJ').fill(cnpj);
  await page.getByLabel('Industry').selectOption('INFORMATION_TECHNOLOGY');
  await page.getByLabel('Incorporation date').fill('2015-03-10');
  await page.getByLabel('CEP').fill('01310-100');
  await page.getByLabel('Street address').fill('Av. Paulista, 1000');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('State (UF)').fill('SP');
  await page.getByRole('checkbox', { name: 'BRL', exact: true }).check();
  await page.getByRole('checkbox', { name: 'USDC', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Virtual accounts for USDC' }).check();
}

test('compliance creates an account: CNPJ error on blur, then the detail page with the items due', async ({
  compliancePage: page,
}) => {
  await openCreateForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'New account' })).toBeVisible();

  await page.getByLabel('CNPJ').fill('11.222.333/0001-82');
  await page.getByLabel('CNPJ').blur();
  await expect(page.locator('#taxId-error')).toContainText('check digits');
  await expect(page.getByLabel('CNPJ')).toHaveAttribute('aria-invalid', 'true');

  // Submitting with empty fields shows every field's own message and sends nothing.
  let posted = false;
  const onRequest = (r: { method(): string; headers(): Record<string, string> }) => {
    if (r.method() === 'POST' && r.headers()['next-action']) posted = true;
  };
  page.on('request', onRequest);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#legalName-error')).toHaveText('Enter the legal name.');
  await expect(page.locator('#industry-error')).toHaveText('Choose an industry.');
  await expect(page.locator('#assets-error')).toHaveText('Choose at least one asset.');
  // The address group subscribes to its own errors (the form body above it is memoised).
  await expect(page.locator('#address\\.addressLine1-error')).toHaveText('Enter the street address.');
  expect(posted).toBe(false);
  page.off('request', onRequest);
  await expectNoAxeViolations(page);
  await shot(page, 'create-errors');

  const name = `E2E Created ${RUN}`;
  await fillCompany(page, name, '11.222.333/0001-82');
  await expect(page.locator('#address\\.addressLine1-error')).toHaveCount(0);
  await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
  await page.getByLabel('CNPJ').blur();
  await expect(page.locator('#taxId-error')).toHaveCount(0);

  const actionRequest = page.waitForRequest((r) => r.method() === 'POST' && Boolean(r.headers()['next-action']));
  await page.getByRole('button', { name: 'Create account' }).click();
  createActionId = (await actionRequest).headers()['next-action'];

  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('header [data-status="ACTION_REQUIRED"]')).toBeVisible();
  await expect(page.getByText('11.222.333/0001-81').first()).toBeVisible();
  await expect(page.getByText('Information technology')).toBeVisible();
  const due = page.getByTestId('onb-bucket-currentlyDue');
  await expect(due.getByTestId('onb-item').first()).toBeVisible();
  const dueCount = await due.getByTestId('onb-item').count();
  expect(dueCount).toBeGreaterThan(0);
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'currently due' })).toContainText(
    `${dueCount} ${dueCount === 1 ? 'item is' : 'items are'} currently due`,
  );
  await expect(page.locator('[data-asset="USDC"]')).toContainText('Virtual accounts allowed');
  await expectNoAxeViolations(page);
});

test('the new-account form hydrates without a mismatch (country names come from the server)', async ({ compliancePage: page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await openCreateForm(page);
  await page.getByLabel('Country').selectOption('HK');
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
  // Every country is offered, named once, on the server.
  expect(await page.getByLabel('Country').locator('option').count()).toBeGreaterThan(240);
});

test('the create action is exactly-once per idempotency key', async ({ compliancePage: page, baseURL }) => {
  const key = crypto.randomUUID();
  const input = formInput(`Idempotent ${RUN}`, makeCnpj(`${RUN.slice(-4).replace(/\D/g, '7')}99887766`.slice(0, 12)), ['BRL'], key);
  const first = await postCreateAction(page.request, baseURL!, input);
  const second = await postCreateAction(page.request, baseURL!, input);
  expect(first.status).toBe(200);
  expect(first.accountId).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.accountId).toBe(first.accountId);
  usedKey = key;

  await page.goto(`/accounts?name=${encodeURIComponent(`Idempotent ${RUN}`)}`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
});

test('paging forward and back through more than 25 accounts shows each exactly once', async ({
  compliancePage: page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const expected: string[] = [];
  for (let i = 1; i <= PAGING_COUNT; i++) {
    const name = `${PAGING_PREFIX} ${String(i).padStart(2, '0')}`;
    expected.push(name);
    const base12 = `5${String(Date.now() % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}0001`;
    const r = await postCreateAction(
      page.request,
      baseURL!,
      formInput(name, makeCnpj(base12), i % 2 === 0 ? ['BRL'] : ['USDC', 'EUR'], crypto.randomUUID()),
    );
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.accountId).toBeTruthy();
  }

  for (const sortOrder of ['ASCENDING', 'DESCENDING'] as const) {
    await page.goto(`/accounts?name=${encodeURIComponent(PAGING_PREFIX)}&limit=10&sortOrder=${sortOrder}`);
    const pages: string[][] = [];
    for (;;) {
      const names = await rowNames(page);
      pages.push(names);
      const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /Next/ });
      if ((await next.count()) === 0) break;
      const before = page.url();
      await next.click();
      await page.waitForURL((url) => url.href !== before);
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 6]);
    const seen = pages.flat();
    expect(seen).toHaveLength(PAGING_COUNT);
    expect(new Set(seen).size).toBe(PAGING_COUNT);
    expect([...seen].sort()).toEqual([...expected].sort());
    const ordered = sortOrder === 'ASCENDING' ? expected : [...expected].reverse();
    expect(seen).toEqual(ordered);

    // Back: the same pages, in reverse, each item once.
    const back: string[][] = [pages[pages.length - 1]];
    for (;;) {
      const prev = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /Previous/ });
      if ((await prev.count()) === 0) break;
      const before = page.url();
      await prev.click();
      await page.waitForURL((url) => url.href !== before);
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      back.unshift(await rowNames(page));
      expect(back.length).toBeLessThan(10);
    }
    expect(back).toEqual(pages);
  }

  // Page size 25: 25 then 1.
  await page.goto(`/accounts?name=${encodeURIComponent(PAGING_PREFIX)}&limit=25`);
  await expect(page.locator('table tbody tr')).toHaveCount(25);
  await page.getByRole('link', { name: /Next/ }).click();
  await page.waitForURL(/cursor=/);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('nav[aria-label="Pagination"] [aria-disabled="true"]')).toContainText('Next');
});

test('filters narrow the list, live in the URL, and an empty result offers to clear them', async ({
  compliancePage: page,
}) => {
  await page.goto('/accounts');
  await expect(page.getByRole('link', { name: 'New account' })).toBeVisible();
  await page.getByLabel('Legal name', { exact: true }).fill(PAGING_PREFIX);
  await page.getByLabel('Asset', { exact: true }).selectOption('USDC');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/asset=USDC/);
  expect(page.url()).toContain(`name=${encodeURIComponent(PAGING_PREFIX).replace(/%20/g, '+')}`);
  await expect(page.locator('table tbody tr')).toHaveCount(PAGING_COUNT / 2);
  for (const name of await rowNames(page)) {
    expect(Number(name.slice(-2)) % 2, name).toBe(1);
  }
  await expect(page.getByLabel('Asset', { exact: true })).toHaveValue('USDC');
  await expectNoAxeViolations(page);
  await shot(page, 'list-filtered');

  await page.getByLabel('Status', { exact: true }).selectOption('ACTIVE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/status=ACTIVE/);
  await expect(page.getByText('No accounts match these filters')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'list-empty');
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await page.waitForURL((url) => url.pathname === '/accounts' && url.search === '');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  // The form follows the URL: no stale filter stays selected after clearing.
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Asset', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Legal name', { exact: true })).toHaveValue('');
  await shot(page, 'list');
});

test('a viewer sees no create button, cannot open the form and gets 403 posting the action', async ({
  viewerPage: page,
  baseURL,
}) => {
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New account' })).toHaveCount(0);

  // The console layout knows this page needs accounts:create, so it refuses before streaming: a real 403.
  const refused = await page.goto('/accounts/new');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You don’t have access to this page');
  await expect(page.getByLabel('CNPJ')).toHaveCount(0);

  const name = `Viewer attempt ${RUN}`;
  const r = await postCreateAction(page.request, baseURL!, formInput(name, '11222333000181', ['BRL'], crypto.randomUUID()));
  expect(r.status).toBe(403);
  expect(r.accountId).toBeNull();
  await page.goto(`/accounts?name=${encodeURIComponent(name)}`);
  await expect(page.getByText('No accounts match these filters')).toBeVisible();
});

test('a service-side rejection is shown as a sentence with the request id, and a retry then succeeds', async ({
  compliancePage: page,
}) => {
  expect(usedKey).toBeTruthy();
  await openCreateForm(page);
  const name = `Rejected first ${RUN}`;
  await fillCompany(page, name, makeCnpj('445566770001'));
  // Typed without punctuation, shown in the usual mask once the field is left.
  await expect(page.getByLabel('CNPJ')).toHaveValue(/^44\.556\.677\/0001-\d{2}$/);

  // The form cannot know that this key was already used for another request; only the service can (409).
  let formKey: string | undefined;
  await page.route('**/accounts/new', async (route) => {
    const request = route.request();
    if (request.method() === 'POST' && request.headers()['next-action']) {
      formKey = /"idempotencyKey":"([0-9a-f-]{36})"/.exec(request.postData() ?? '')?.[1];
      const body = (request.postData() ?? '').replace(/"idempotencyKey":"[0-9a-f-]{36}"/, `"idempotencyKey":"${usedKey}"`);
      await route.continue({ postData: body });
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The account was not created' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('This request was already sent with different details.');
  await expect(alert).toContainText(/Request ID: \S+/);
  expect(page.url()).toMatch(/\/accounts\/new$/);
  await expectNoAxeViolations(page);
  await shot(page, 'create-service-error');

  await page.unroute('**/accounts/new');
  // The retry of the same form sends the same key (one intent = one key).
  const retry = page.waitForRequest((r) => r.method() === 'POST' && Boolean(r.headers()['next-action']));
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(formKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(/"idempotencyKey":"([0-9a-f-]{36})"/.exec((await retry).postData() ?? '')?.[1]).toBe(formKey);
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the action re-validates with the same schema: a tampered request gets field errors on the form', async ({
  compliancePage: page,
}) => {
  await openCreateForm(page);
  await fillCompany(page, `Tampered ${RUN}`, makeCnpj('112233440001'));
  // The browser's checks passed; the request is then altered on the way, as a hand-made POST could be.
  await page.route('**/accounts/new', async (route) => {
    const request = route.request();
    if (request.method() === 'POST' && request.headers()['next-action']) {
      const body = (request.postData() ?? '')
        .replace(/"legalName":"[^"]*"/, '"legalName":""')
        .replace(/"postalCode":"[^"]*"/, '"postalCode":"123"');
      await route.continue({ postData: body });
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#legalName-error')).toHaveText('Enter the legal name.');
  await expect(page.locator('#address\\.postalCode-error')).toHaveText('Enter the CEP as 00000-000.');
  await expect(page.getByRole('alert').filter({ hasText: 'The account was not created' })).toContainText(
    'Check the highlighted fields',
  );
  expect(page.url()).toMatch(/\/accounts\/new$/);
  await page.unroute('**/accounts/new');
});

test('account detail shows the checklist by bucket and holder, and funding instructions with copy buttons', async ({
  adminPage: page,
}) => {
  // Seeded: an onboarding account with a UBO, and the active main account with funding instructions.
  await page.goto('/accounts?name=Acme+Com%C3%A9rcio+Exterior');
  await page.getByRole('link', { name: 'Acme Comércio Exterior Ltda' }).click();
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Onboarding checklist' })).toBeVisible();
  await expect(page.getByTestId('onb-holder').filter({ hasText: 'The company' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: 'The company' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Beneficial owner: Rafael Andrade Costa/ })).toBeVisible();
  await expect(page.getByTestId('onb-bucket-pendingVerification')).toContainText('Articles of association');
  await expect(page.getByRole('list', { name: 'Account state history' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'detail-onboarding');

  await page.goto('/accounts?status=ACTIVE&name=Acme+Importa%C3%A7%C3%A3o');
  await page.getByRole('link', { name: 'Acme Importação Ltda', exact: true }).click();
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.locator('header [data-status="ACTIVE"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Funding instructions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Copy PIX key for BRL/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'detail-active');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shot(page, 'detail-mobile', false);
  await page.getByRole('heading', { level: 2, name: 'Funding instructions' }).scrollIntoViewIfNeeded();
  await shot(page, 'detail-mobile-funding', false);
});

test('an unknown or malformed account id shows the not-found page with HTTP 404', async ({ viewerPage: page }) => {
  // Existence is resolved before anything streams (no loading boundary above the detail page): a real 404.
  const unknown = await page.goto('/accounts/00000000-0000-4000-8000-000000000000');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Account not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to accounts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'not-found');
  const malformed = await page.goto('/accounts/not-a-uuid');
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Account not found' })).toBeVisible();
});

test('the accounts API keeps the service’s 4xx: bad cursor and bad filters are 400, unknown id 404', async ({ viewerPage: page }) => {
  const badCursor = await page.request.get('/api/accounts?cursor=abc');
  expect(badCursor.status(), await badCursor.text()).toBe(400);
  expect(await badCursor.json()).toMatchObject({ brand: 'fx.failure', httpStatus: 400, requestId: expect.any(String) });
  const badFilters = await page.request.get(`/api/accounts?filters=${encodeURIComponent('((((')}`);
  expect(badFilters.status(), await badFilters.text()).toBe(400);
  expect(await badFilters.json()).toMatchObject({ code: 'INVALID_FILTER_FORMAT', httpStatus: 400 });
  const unknown = await page.request.get('/api/accounts/00000000-0000-4000-8000-000000000000');
  expect(unknown.status(), await unknown.text()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
});

test("another company's account id shows the not-found page too (tenant isolation)", async ({
  viewerPage: page,
  playwright,
  baseURL,
}) => {
  // A second sandbox customer, through the sandbox's public helper and its real token endpoint.
  // Trailing slash: relative paths below resolve under /sandbox/.
  const sandbox = await playwright.request.newContext({ baseURL: `${baseURL}/sandbox/` });
  const customer = await sandbox.post('_sandbox/customers', {
    headers: { 'X-Idempotency-Key': crypto.randomUUID() },
    data: { name: `Other company ${RUN}` },
  });
  expect(customer.status()).toBe(201);
  const { clientId, clientSecret } = (await customer.json()) as { clientId: string; clientSecret: string };
  const token = await sandbox.post('api/oauth/client/token', {
    headers: { 'X-Idempotency-Key': crypto.randomUUID() },
    data: { clientId, clientSecret },
  });
  expect(token.ok()).toBe(true);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const input = formInput(`Foreign ${RUN}`, makeCnpj('998877660001'), ['BRL'], crypto.randomUUID());
  const created = await sandbox.post('api/accounts', {
    headers: { Authorization: `Bearer ${accessToken}`, 'X-Idempotency-Key': crypto.randomUUID() },
    data: {
      assets: input.assets,
      owner: {
        type: 'COMPANY',
        legalName: input.legalName,
        taxId: { value: input.taxId, type: 'CNPJ' },
        industry: input.industry,
        incorporateDate: input.incorporateDate,
        address: { ...input.address, addressLine2: null },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await sandbox.dispose();

  const res = await page.goto(`/accounts/${id}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Account not found' })).toBeVisible();
  await expect(page.getByText(`Foreign ${RUN}`)).toHaveCount(0);
  const api = await page.request.get(`/api/accounts/${id}`);
  expect(api.status()).toBe(404);
  expect(await api.text()).not.toContain(`Foreign ${RUN}`);
});

test('overview shows balances per active account and the accounts that need action', async ({ financePage: page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const balances = page.getByRole('heading', { level: 3, name: 'Acme Importação Ltda', exact: true });
  await expect(balances).toBeVisible();
  // Amounts come formatted from decimal strings: R$ with two decimals, USDT with six.
  await expect(page.locator('[data-asset="BRL"]').first()).toHaveText(/R\$\s?[\d,]+\.\d{2}$/);
  await expect(page.locator('[data-asset="USDT"]').first()).toHaveText(/^[\d,]+\.\d{6} USDT$/);
  // Newest first: the accounts this spec created are at the top, each with its count of items due.
  await expect(page.getByRole('link', { name: `Rejected first ${RUN}` })).toBeVisible();
  await expect(page.getByText(/^\d+ due$/)).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'See all accounts that need action' })).toHaveAttribute(
    'href',
    '/accounts?status=ACTION_REQUIRED',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'overview');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'overview-mobile', false);
  await page.goto('/accounts');
  await expect(page.getByRole('list', { name: 'Accounts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'list-mobile', false);
  await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
  await shot(page, 'list-mobile-end', false);
});

test('a 115-character account name wraps or truncates: amounts never overlap, 390 px never scrolls sideways', async ({
  compliancePage,
  financePage: page,
  baseURL,
}) => {
  // One unbroken token is the hardest case: it cannot wrap at a space.
  const longName = `Long ${RUN} CompanhiaBrasileiraDeDistribuicaoDeProdutosAlimenticiosEBebidasDoNordesteECentroOesteLtda`
    .padEnd(115, 'X')
    .slice(0, 115);
  expect(longName).toHaveLength(115);
  const created = await postCreateAction(compliancePage.request, baseURL!, formInput(longName, makeCnpj('123123120001'), ['BRL'], crypto.randomUUID()));
  expect(created.accountId, created.text).toBeTruthy();

  await page.goto('/');
  const needingAction = page.getByRole('link', { name: longName });
  await expect(needingAction).toBeVisible();
  await expect(needingAction).toHaveAttribute('title', longName);
  const balancesCard = page
    .getByRole('heading', { level: 2, name: 'Balances' })
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " rounded-lg ")][1]');
  const main = await page.locator('main').boundingBox();
  const card = await balancesCard.boundingBox();
  // The balances column keeps its share (2fr of 3) instead of collapsing to ~150 px.
  expect(card!.width).toBeGreaterThan(main!.width * 0.5);
  // Every amount in a balance tile stays inside its tile (the indicative totals above the tiles are not in tiles).
  const overflowing = await page.locator('li [data-asset]').evaluateAll((spans) =>
    spans.filter((span) => {
      const tile = span.closest('li')!.getBoundingClientRect();
      const box = span.getBoundingClientRect();
      return box.right > tile.right + 1 || box.left < tile.left - 1;
    }).length,
  );
  expect(overflowing).toBe(0);
  await shot(page, 'overview-long-name');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(needingAction).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'overview-long-name-mobile');
  await page.goto(`/accounts/${created.accountId}`);
  await expect(page.getByRole('heading', { level: 1, name: longName })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'detail-long-name-mobile');
  await page.goto(`/accounts?name=${encodeURIComponent(`Long ${RUN}`)}`);
  await expect(page.getByRole('list', { name: 'Accounts' }).getByRole('link', { name: longName })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('dark theme: list, form with errors, detail and overview have no axe violations', async ({ browser, baseURL }) => {
  const context = await newRoleContext(browser, 'compliance', baseURL!, 'dark');
  const page = await context.newPage();
  await page.goto(`/accounts?name=${encodeURIComponent(PAGING_PREFIX)}&limit=10`);
  await expect(page.locator('table tbody tr')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await shot(page, 'list-dark');

  await openCreateForm(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#legalName-error')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'create-errors-dark');

  await page.goto('/accounts?name=Acme+Com%C3%A9rcio+Exterior');
  await page.getByRole('link', { name: 'Acme Comércio Exterior Ltda' }).click();
  await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Onboarding checklist' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'detail-dark');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 3, name: 'Acme Importação Ltda', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'overview-dark');
  await context.close();
});
