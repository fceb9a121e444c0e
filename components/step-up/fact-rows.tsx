import type { ReactNode } from 'react';
import { amountText } from '@/components/money/amount-text';
import { formatBps } from '@/lib/domain/quotes/display';
import type { StepUpStatement } from '@/lib/domain/step-up/statement';
import { formatRateText as formatRate } from '@/lib/money/rate-format';
import type { StepUpFactRow } from './step-up-dialog';

type Translate = ((key: string, values?: Record<string, string>) => string) & { has: (key: string) => boolean };

/** A control change signs each side's state as `before.<part>` / `after.<part>` (lib/domain/control-changes/statement.ts). */
const SIDE_FACT = /^(before|after)\.(?:(tier)(\d+)|(\w+))$/;

/** The label of a signed fact in the reader's words; a key with no words shows as signed. */
function factLabel(key: string, t: Translate): string {
  if (t.has(`facts.${key}`)) return t(`facts.${key}`);
  const side = SIDE_FACT.exec(key);
  if (side) {
    const [, which, tier, n, part] = side;
    const what = tier ? t('facts.state.tier', { n: n! }) : t.has(`facts.state.${part}`) ? t(`facts.state.${part}`) : part!;
    return t(which === 'before' ? 'facts.before' : 'facts.after', { what });
  }
  return key;
}

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
    } else if (key === 'maxDriftBps') shown = t('maxDriftValue', { bps: formatBps(value, locale) });
    else if (key === 'sourceAccount' && extra.sourceAccountName) shown = `${extra.sourceAccountName} (${value})`;
    const mono = /^(payout|sourceAccount|beneficiary|quote|keyFingerprint|subject)$/.test(key);
    return {
      key,
      label: factLabel(key, t),
      value: mono ? <span className="font-mono text-xs break-all">{shown}</span> : shown,
    };
  });
}
