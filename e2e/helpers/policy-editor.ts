import { expect, type Locator, type Page } from '@playwright/test';

/** The names of the editor's controls in pt-BR. */
export const POLICY_EDITOR_PT = { open: 'Alterar a política', form: 'Política de aprovação', save: 'Salvar política' };

/**
 * Opens the approval policy editor on /payouts (the card shows the saved policy in words until "Change the policy"
 * is clicked) and returns its form, ready to type in.
 */
export async function openPolicyEditor(page: Page, names = { open: 'Change the policy', form: 'Approval policy', save: 'Save policy' }): Promise<Locator> {
  await page.getByRole('button', { name: names.open }).click();
  const form = page.getByRole('form', { name: names.form });
  await expect(form.getByRole('button', { name: names.save })).toBeEnabled();
  return form;
}
