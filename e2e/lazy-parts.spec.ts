import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { requestBatchViaUi } from './helpers/batches';

// The parts of a page whose code is fetched after the page (React.lazy chunks, components/ui/lazy-in-boundary.tsx: the
// batch upload form, an account's document uploaders, a beneficiary's "add a payment instruction" form, a batch's
// decision card) come rendered in the HTML, and never as a
// Suspense boundary the server gave up on (`<!--$!-->`, what next/dynamic with `ssr: false` sends): React threw that
// markup away and drew it again inside the page's load (README, issue 30). Each part then works once its chunk is
// there: the journeys of each page use it (payout-batches, onboarding, beneficiaries).

const GAVE_UP = /<!--\$!-->/g;

/** The first detail link of a list page whose HTML contains `marker` (any detail page without one). */
async function detailWith(page: Page, list: string, marker = ''): Promise<string> {
  const html = await (await page.request.get(list)).text();
  const links = [...new Set([...html.matchAll(new RegExp(`href="(${list}/[0-9a-f-]{36})"`, 'g'))].map((m) => m[1]!))];
  for (const link of links) {
    if ((await (await page.request.get(link)).text()).includes(marker)) return link;
  }
  throw new Error(`no page under ${list} has ${marker}`);
}

test('parts loaded after the page come rendered in its HTML, not as a boundary React must redraw (admin)', async ({ adminPage: page, financePage }) => {
  // A one-row batch requested by finance: its page shows the admin the decision card.
  await requestBatchViaUi(financePage, { name: 'lazy-parts.csv', csv: 'tax_id,pix_key,amount,asset,memo\n39053344705,joao.pereira@example.com,10.00,BRL,lazy-parts\n' });
  // [page, the part, a control of it that must wait for the part's code]
  const pages: [string, string, string | null][] = [
    ['/payouts/batches/new', 'batch-file-input', 'batch-file-input'],
    [await detailWith(page, '/accounts', 'data-testid="onboarding-board"'), 'file-input', 'file-input'],
    // Every beneficiary's page has the "add a payment instruction" form for an admin.
    [await detailWith(page, '/beneficiaries'), 'add-instruction-form', null],
    // The finance user's batch waits for a second person: the admin decides it.
    [await detailWith(page, '/payouts/batches', 'data-testid="batch-decision"'), 'batch-decision', 'batch-approve'],
  ];
  for (const [path, part, control] of pages) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html.match(GAVE_UP) ?? [], `${path}: a boundary the server gave up on`).toEqual([]);
    expect(html, `${path}: ${part} in the server's HTML`).toContain(`data-testid="${part}"`);
    if (control) {
      // Before the part's code has come, a file picked or a click would reach no handler: the control is disabled…
      const tag = new RegExp(`<(?:input|button)[^>]*data-testid="${control}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(tag, `${path}: ${control} in the server's HTML`).not.toBe('');
      expect(tag, `${path}: ${control} disabled until hydrated`).toMatch(/\sdisabled=""/);
    }
    await page.goto(path);
    await expect(page.getByTestId(part).first(), `${path}: ${part}`).toBeAttached();
    // …and enabled once it has.
    if (control) await expect(page.getByTestId(control).first(), `${path}: ${control} once hydrated`).toBeEnabled();
  }
});
