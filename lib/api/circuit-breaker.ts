import 'server-only';

export interface CircuitBreakerOptions {
  /** Consecutive failed attempts (network, time-out, 5xx) that open the circuit. */
  threshold: number;
  /** How long an open circuit refuses calls before letting them probe again. */
  cooldownMs: number;
  now: () => number;
}

/**
 * Stops hammering a service that is down: after `threshold` consecutive failed attempts, calls fail at once for
 * `cooldownMs` instead of each waiting out its own time-outs and retries. Then calls go through again
 * (half-open): one success closes the circuit, one more failure re-opens it.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;

  constructor(private readonly options: CircuitBreakerOptions) {}

  /** Milliseconds until calls are allowed again; 0 when closed or half-open. */
  remainingOpenMs(): number {
    return Math.max(0, this.openUntil - this.options.now());
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openUntil = 0;
  }

  recordFailure(): void {
    this.failures++;
    if (this.failures >= this.options.threshold) this.openUntil = this.options.now() + this.options.cooldownMs;
  }
}
