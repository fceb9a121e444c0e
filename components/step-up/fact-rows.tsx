import type { ReactNode } from 'react';
import { amountText } from '@/components/money/amount-text';
import { formatBps } from '@/lib/domain/payouts/drift';
import type { StepUpStatement } from '@/lib/domain/step-up/statement';
import { formatRate } from '@/lib/money/rate';
import type { StepUpFactRow } from './step-up-dialog';

type Translate = ((key: string, values?: Record<string, string>) => string) & { has: (key: string) => boolean };

/**
 * The signed facts in the reader's words (namespace `stepUp`, `facts.<key>` labels): amounts, rates and bps through
 * Intl in `locale`; ids and masked keys as they were signed. Unknown keys show as signed, so nothing signed is hidden.
 */
export function statementRows(statement: Pick<StepUpStatement, 'facts'>, t: Translate, locale: string, extra: { sourceAccountName?: string } = {}): StepUpFactRow[] {
  const facts = new Map(statement.facts);
  const asset = facts.get('asset');
  return statement.facts.map(([key, value]) => {
    let shown: ReactNode = value;
    if (key === 'amount' && asset) shown = amountText({ value, asset }, locale);
    else if (key === 'rate') {
      const m = /^(\S+) (\S+)\/(\S+)$/.exec(value);
      shown = m ? t('rateValue', { base: m[2], rate: formatRate(m[1], locale), quote: m[3] }) : value;
    } else if (key === 'maxDriftBps') shown = t('maxDriftValue', { bps: formatBps(value, locale).replace(/^[+]/, '') });
    else if (key === 'sourceAccount' && extra.sourceAccountName) shown = `${extra.sourceAccountName} (${value})`;
    const mono = /^(payout|sourceAccount|beneficiary|quote|keyFingerprint|subject)$/.test(key);
    return {
      key,
      label: t.has(`facts.${key}`) ? t(`facts.${key}`) : key,
      value: mono ? <span className="font-mono text-xs break-all">{shown}</span> : shown,
    };
  });
}
