// One step of a background job (a sweep's pass, a payout's execution): its own request id for the log lines and
// the service calls it makes, a span (named by the job, never by an id), and the step counted by outcome.
import { randomUUID } from 'node:crypto';
import type { Attributes } from '@opentelemetry/api';
import { metrics } from './metrics';
import { currentRequestContext, runWithRequestContext } from './request-context';
import { withSpan } from './tracing';

/**
 * Runs `fn` as a step of `job` (`payouts.sweep`, `control-changes.sweep`…). Inside a request (an approval that
 * executes its payout at once) the step joins that request's id and trace instead of starting its own.
 */
export function runJobStep<T>(job: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const step = () => {
    const began = performance.now();
    const done = (outcome: 'ok' | 'failed') => {
      const m = metrics();
      if (!m) return;
      m.jobSteps.inc({ job, outcome });
      m.jobStepDuration.observe({ job }, (performance.now() - began) / 1000);
    };
    return withSpan(`job ${job}`, { 'console.job': job, ...attributes }, fn).then(
      (value) => (done('ok'), value),
      (error: unknown) => {
        done('failed');
        throw error;
      },
    );
  };
  if (currentRequestContext()) return step();
  return runWithRequestContext({ requestId: `job-${randomUUID()}`, operation: job }, step);
}
