import { expect, type Browser, type Page } from '@playwright/test';
import { signInViaUi, submitLoginPastLimit } from './auth';
import { DEMO, storageStatePath } from './roles';
import { confirmStepUpWithCode, stepUpDialog } from './step-up';

let counter = 0;

/** A fresh, unique e-mail so specs never collide with demo users or each other. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.test`;
}

/** Adds a user through the Team page as the signed-in admin; returns the one-time password shown once. */
export async function addUserViaUi(
  adminPage: Page,
  user: { name: string; email: string; role: 'Admin' | 'Compliance' | 'Finance' | 'Viewer' },
): Promise<string> {
  await adminPage.goto('/team');
  await adminPage.getByRole('button', { name: 'Add user' }).first().click();
  const dialog = adminPage.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill(user.name);
  await dialog.getByLabel('E-mail').fill(user.email);
  await dialog.getByLabel('Role').selectOption({ label: user.role });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const done = adminPage.getByRole('dialog', { name: 'User added' });
  const password = (await done.getByTestId('one-time-password').innerText()).trim();
  expect(password).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();
  return password;
}

/** First sign-in with a one-time password: lands on /change-password and sets `newPassword`. */
export async function completeFirstSignIn(page: Page, email: string, oneTimePassword: string, newPassword: string): Promise<void> {
  await page.goto('/login');
  await submitLoginPastLimit(page, email, oneTimePassword, (url) => url.pathname === '/change-password');
  await page.getByLabel('Current password').fill(oneTimePassword);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The row of a user in the team table. */
export function teamRow(adminPage: Page, email: string) {
  return adminPage.getByTestId(`team-row-${email}`);
}

/**
 * The second admin approves a pending control change on /team/changes: the change whose Approve button names
 * `summary` (e.g. "make Role Target Admin (now Viewer)"). `approverEmail`: the demo admin whose page `admin2Page` is
 * when the change was asked by admin2 and admin decides it (admin2 by default).
 */
export async function approveChangeAsSecondAdmin(admin2Page: Page, summary: string, approverEmail: string = DEMO.admin2.email): Promise<void> {
  // The first admin's request may still be on its way (their click returns before the server action ends): read the
  // page again until the change is listed, instead of waiting on a page loaded before it existed (a CI hang of
  // second-factor.spec.ts's clean-up, which then left the requirement on for the specs after it).
  const approve = admin2Page.getByRole('button', { name: `Approve: ${summary}` });
  await expect(async () => {
    await admin2Page.goto('/team/changes');
    await expect(approve).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await approve.click();
  // The approval is signed: the step-up dialog shows the change in words, then the approver's demo authenticator code.
  const dialog = stepUpDialog(admin2Page);
  await expect(dialog).toContainText(summary);
  await confirmStepUpWithCode(admin2Page, approverEmail);
  await expect(dialog).toBeHidden();
  await expect(admin2Page.getByRole('status').filter({ hasText: 'Approved and applied.' })).toBeVisible();
}

/**
 * Runs `body` while the demo's second admin is disabled (the console then has a single active admin), then
 * re-enables them and saves their fresh sign-in where the `admin2Page` fixture reads it (disabling ended their
 * sessions).
 */
export async function withSecondAdminDisabled(
  adminPage: Page,
  browser: Browser,
  baseURL: string,
  body: () => Promise<void>,
): Promise<void> {
  const admin2 = DEMO.admin2;
  await adminPage.goto('/team');
  const row = teamRow(adminPage, admin2.email);
  await row.getByRole('button', { name: `Disable ${admin2.name}` }).click();
  await adminPage.getByRole('dialog', { name: `Disable ${admin2.name}?` }).getByRole('button', { name: 'Disable user' }).click();
  await expect(row).toContainText('Disabled');
  try {
    await body();
  } finally {
    await adminPage.goto('/team');
    await teamRow(adminPage, admin2.email).getByRole('button', { name: `Re-enable ${admin2.name}` }).click();
    await adminPage.getByRole('dialog', { name: `Re-enable ${admin2.name}?` }).getByRole('button', { name: 'Re-enable user' }).click();
    await expect(teamRow(adminPage, admin2.email)).toContainText('Active');
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInViaUi(page, admin2.email, admin2.password);
    await context.storageState({ path: storageStatePath('admin2', baseURL) });
    await context.close();
  }
}
