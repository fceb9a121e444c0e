import 'server-only';
import { getExecutionLog, listExecutionLogs } from '@/lib/api/subscriptions';
import type { ExecutionLog } from '@/lib/api/schemas/execution-log';
import { listExecutionLogsFiltered, type FilteredLogPage } from '@/lib/api/webhooks';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { parseLogFilters, parsePagePosition, toServiceQuery } from '@/lib/domain/webhooks/filters';
import { WATCHED_ATTEMPTS } from '@/lib/domain/webhooks/logs-watch';
import { isUuid } from '@/lib/validation/uuid';
import { resourceOfMessage } from './message-resource';
import { latestReplayJob } from './replay-store';
import { deliverySignature } from './webhook-signature';

const PAGE_SIZE = 25;

/** The attempt opened with `?log=<id>`: it, its neighbours on the page, its signature, its message's attempts and resource. */
async function loadAttempt(subscriptionId: string, selectedId: string | undefined, pageLogs: ExecutionLog[]) {
  if (!selectedId || !isUuid(selectedId)) return null;
  const log =
    pageLogs.find((l) => l.id === selectedId) ??
    (await getExecutionLog(subscriptionId, selectedId)
      .then((r) => r.data)
      .catch(() => null));
  if (!log) return null;
  const index = pageLogs.findIndex((l) => l.id === log.id);
  const [signature, history, received] = await Promise.all([
    deliverySignature(log.messageId).catch(() => null),
    listExecutionLogsFiltered(subscriptionId, { limit: 20 }, { messageId: log.messageId })
      .then((p) => p.data)
      .catch(() => [log]),
    resourceOfMessage(log.messageId).catch(() => null),
  ]);
  return {
    log,
    signature,
    history,
    received,
    newerId: index > 0 ? pageLogs[index - 1].id : null,
    olderId: index >= 0 && index < pageLogs.length - 1 ? pageLogs[index + 1].id : null,
  };
}

/**
 * A subscription's delivery log for the URL: one page of attempts under its filters (a failed read comes back as
 * `failure`), the newest attempts the live watcher compares against, the latest replay job and the opened attempt.
 */
export async function loadDeliveryLog(subscriptionId: string, sp: SearchParams, timeZone: string) {
  const { filters, errors } = parseLogFilters(sp);
  const position = parsePagePosition(sp);
  const [logsResult, job, head] = await Promise.all([
    listExecutionLogsFiltered(subscriptionId, { limit: PAGE_SIZE, ...position }, toServiceQuery(filters, timeZone)).catch(
      (error: unknown) => ({ error }),
    ),
    latestReplayJob(subscriptionId),
    listExecutionLogs(subscriptionId, { limit: WATCHED_ATTEMPTS }).catch(() => null),
  ]);
  const logs: FilteredLogPage | null = 'error' in logsResult ? null : logsResult;
  const failure: unknown = 'error' in logsResult ? logsResult.error : null;
  const pageLogs = logs?.data ?? [];
  const attempt = await loadAttempt(subscriptionId, firstParam(sp, 'log'), pageLogs);
  return { filters, errors, firstPage: !position.cursor, logs, failure, pageLogs, job, head, attempt };
}

export type DeliveryLog = Awaited<ReturnType<typeof loadDeliveryLog>>;
