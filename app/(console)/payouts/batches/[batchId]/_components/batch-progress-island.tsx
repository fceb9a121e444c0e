import { IntlScope } from '@/components/i18n/intl-scope';
import { QueryProvider } from '@/components/query/query-provider';
import type { PayoutBatchLineRow } from '@/lib/db/schema';
import type { BatchProgress } from '@/lib/domain/payout-batches/progress';
import { BatchProgressTable } from './batch-progress';

/** The batch's rows with their live progress. */
export function BatchProgressIsland({ batchId, rows, initial }: { batchId: string; rows: PayoutBatchLineRow[]; initial: BatchProgress }) {
  return (
    <IntlScope namespaces={['payoutBatches']}>
      {/* react-query is not provided by the console layout (first-load JS): this island brings the tab's client. */}
      <QueryProvider>
        <BatchProgressTable
          batchId={batchId}
          rows={rows.map((r) => ({ line: r.line, beneficiaryName: r.beneficiaryName, dictKey: r.dictKey, amount: r.amount, asset: r.asset, memo: r.memo }))}
          initial={initial}
        />
      </QueryProvider>
    </IntlScope>
  );
}
