import { amountText } from '@/components/money/amount-text';
import type { PolicyStep, PolicyTier } from '@/lib/domain/payouts/approval-policy';

/** A translator of the `approvalPolicy` namespace: `useTranslations('approvalPolicy')` or its server twin. */
export type PolicyTranslator = (key: string, values?: Record<string, string | number>) => string;

/** "finance or admin" / "financeiro ou administrador", joined by the locale's own list rules. */
export function rolesText(t: PolicyTranslator, roles: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(roles.map((r) => t(`roles.${r}`)));
}

/** "two approvals by finance or admin, then one approval by admin". */
export function stepsText(t: PolicyTranslator, steps: readonly PolicyStep[], locale: string): string {
  const parts = steps.map((s) => t('sentence.step', { count: s.approvals, roles: rolesText(t, s.roles, locale) }));
  return parts.slice(1).reduce((first, next) => t('sentence.then', { first, next }), parts[0] ?? '');
}

/**
 * One sentence per tier, in the reader's language: "Up to R$ 10.000,00: one approval by finance or admin." The last
 * tier reads "Above <the previous bound>", or "Any amount" when it is the only one.
 */
export function tierSentence(t: PolicyTranslator, tiers: readonly PolicyTier[], index: number, currency: string, locale: string): string {
  const tier = tiers[index]!;
  const steps = stepsText(t, tier.steps, locale);
  if (tier.upTo !== null) return t('sentence.upTo', { amount: amountText({ value: tier.upTo, asset: currency }, locale), steps });
  const previous = index > 0 ? tiers[index - 1]!.upTo : null;
  return previous === null ? t('sentence.any', { steps }) : t('sentence.above', { amount: amountText({ value: previous, asset: currency }, locale), steps });
}

/** The whole policy in words: one sentence a tier, then the daily cap's (or that there is none). */
export function policySentences(t: PolicyTranslator, policy: { tiers: readonly PolicyTier[]; dailyCap: string | null }, currency: string, locale: string): string[] {
  const tiers = policy.tiers.map((_, i) => tierSentence(t, policy.tiers, i, currency, locale));
  const cap = policy.dailyCap ? t('sentence.dailyCap', { amount: amountText({ value: policy.dailyCap, asset: currency }, locale) }) : t('sentence.noCap');
  return [...tiers, cap];
}
