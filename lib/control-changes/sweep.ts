import 'server-only';
import { errorField, log } from '@/lib/observability/logger';
import { runJobStep } from '@/lib/observability/jobs';
import { applyDueControlChanges } from './service';

const globalForSweep = globalThis as unknown as { __controlChangeSweep?: ReturnType<typeof setInterval> };

/**
 * Applies delayed control changes off the request path, once per process (instrumentation). The due time is stored
 * in the database, so a restart loses nothing: the first pass after it applies whatever came due meanwhile. A
 * minute's grain is enough for a delay counted in hours; several instances may sweep at once (guarded updates).
 */
export function startControlChangeSweep(intervalMs = 60_000): void {
  if (globalForSweep.__controlChangeSweep) return;
  const pass = () => {
    runJobStep('control-changes.sweep', {}, () => applyDueControlChanges()).catch((error: unknown) =>
      log().error({ kind: 'job', job: 'control-changes.sweep', error: errorField(error) }, 'control change sweep failed'),
    );
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref?.();
  globalForSweep.__controlChangeSweep = timer;
  pass();
}
