import { expect, type Page } from '@playwright/test';

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
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(oneTimePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/change-password');
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
