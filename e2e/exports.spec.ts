import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from '@playwright/test';
import { expect, storageStatePath, test, type DemoRole } from './fixtures';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';
import { MAIN_ACCOUNT } from './helpers/sandbox';

// Issue 26, item 12: the saved file is byte for byte what a spreadsheet needs — the UTF-8 byte-order mark first
// (Excel on Windows reads a file without it in the legacy code page and garbles "Importação"), and, as an explicit
// choice, the pt-BR spreadsheet dialect (semicolons, decimal comma, local time with the zone in the header).

const BOM = [0xef, 0xbb, 0xbf];
const ZONE = 'America/Sao_Paulo';

async function signedIn(browser: Browser, baseURL: string, role: DemoRole, locale: 'en' | 'pt-BR'): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, timezoneId: ZONE, storageState: storageStatePath(role, baseURL) });
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(ZONE), url: baseURL }]);
  return context.newPage();
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

function lines(bytes: Buffer): string[] {
  return bytes.subarray(3).toString('utf8').split('\r\n');
}

test('the operations CSV saved from the page keeps the BOM and the accented names, in both dialects', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, 'finance', 'en');
  await page.goto('/operations');
  const exportStatus = page.getByTestId('export-status');

  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  let bytes = await bytesOf(await download);
  await expect(exportStatus).toHaveAttribute('data-phase', 'done');
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  const standard = lines(bytes);
  expect(standard[0]).toMatch(/^id,type,status,created_at,/);
  // "Importação" as UTF-8 bytes, not re-encoded or replaced.
  expect(bytes.includes(Buffer.from(MAIN_ACCOUNT, 'utf8'))).toBe(true);
  const header = standard[0].split(',');
  const firstRow = standard[1].split(',');
  expect(firstRow[header.indexOf('created_at')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  // The pt-BR spreadsheet dialect, chosen explicitly.
  await page.getByLabel('CSV format').selectOption('pt-BR');
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  bytes = await bytesOf(await download);
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  expect(bytes.includes(Buffer.from(MAIN_ACCOUNT, 'utf8'))).toBe(true);
  const br = lines(bytes);
  const brHeader = br[0].split(';');
  expect(brHeader.slice(0, 3)).toEqual(['id', 'type', 'status']);
  expect(brHeader).toContain(`created_at (${ZONE})`);
  const brRow = br[1].split(';');
  expect(brRow[brHeader.indexOf(`created_at (${ZONE})`)]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  expect(brRow[brHeader.indexOf('source_value')]).toMatch(/^-?\d+,\d+$/);
  // The same operation, the same instant: 3 hours behind UTC in São Paulo.
  const utc = firstRow[header.indexOf('created_at')];
  expect(brRow[0]).toBe(firstRow[0]);
  const local = new Intl.DateTimeFormat('pt-BR', {
    timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).format(new Date(utc)).replace(',', '');
  expect(brRow[brHeader.indexOf(`created_at (${ZONE})`)]).toBe(local);
  await page.context().close();
});

test('the audit CSV offers the same two dialects, the BOM in both', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, 'admin', 'pt-BR');
  await page.goto('/audit');
  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  let bytes = await bytesOf(await download);
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  expect(lines(bytes)[0]).toMatch(/^Horário \(UTC\),Autor,/);

  await page.getByLabel('Formato do CSV').selectOption('pt-BR');
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  bytes = await bytesOf(await download);
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  const [header, first] = lines(bytes);
  expect(header).toMatch(new RegExp(`^Horário \\(${ZONE.replace('/', '\\/')}\\);Autor;Ação;`));
  expect(first.split(';')[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await page.context().close();
});
