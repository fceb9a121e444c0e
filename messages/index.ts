import type { AppLocale } from '@/lib/i18n/config';

/**
 * The message catalogue's namespaces. Each one is two files, `messages/en/<ns>.json` and
 * `messages/pt-BR/<ns>.json` (one file per namespace and locale, so parallel work never edits the same file).
 * A section adds its namespace by adding those two files and one line here.
 */
export const NAMESPACES = [
  'common',
  'shell',
  'auth',
  'errors',
  'validation',
  'address',
  'overview',
  'status',
  'accounts',
  'industries',
  'team',
  // Sections (one line each; keep them in this order to avoid merge conflicts).
  'convert',
  'deposits',
  'transfers',
  'webhooks',
  'onboarding',
  'operations',
  'beneficiaries',
  'payouts',
  'payoutBatches',
  'audit',
  'security',
  'approvalPolicy',
  'keyReview',
  'stepUp',
  'notifications',
  'savedViews',
  'balances',
  'palette',
  'controlChanges',
] as const;

export type Namespace = (typeof NAMESPACES)[number];
export type Messages = Record<string, unknown>;

/** Every namespace of one locale, keyed by namespace: what the server's translator reads. */
export async function loadMessages(locale: AppLocale): Promise<Messages> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => [ns, (await import(`./${locale}/${ns}.json`)).default as unknown] as const),
  );
  return Object.fromEntries(entries);
}

/** Only `namespaces` of `messages`: what a client subtree receives (components/i18n/intl-scope.tsx). */
export function pickNamespaces(messages: Messages, namespaces: readonly Namespace[]): Messages {
  const out: Messages = {};
  for (const ns of namespaces) if (ns in messages) out[ns] = messages[ns];
  return out;
}
