// Runs once when the Next server starts (never during `next build`): fail fast on a bad environment, open and
// migrate the database, seed demo users or refuse demo passwords, then start the embedded sandbox.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // First, before anything slow: every request from now on carries its socket address in a header the client cannot
  // forge (lib/security/client-address.ts), the only trustworthy address when TRUSTED_PROXY_HOPS is 0.
  (await import('./lib/security/peer-address-hook')).installPeerAddressHook();
  const { startConsole, exitOnStartupFailure } = await import('./lib/startup');
  try {
    await startConsole(async (env) => {
      if (env.SANDBOX !== 'on') return;
      // The embedded sandbox starts here (one of the two lazy lines that tie lib/sandbox to the console).
      await (await import('./lib/sandbox/host')).ensureSandbox();
    });
    // Received webhooks: the live bus (LISTEN with PostgreSQL) and the 30-day retention sweep.
    await (await import('./lib/live/background')).startLiveBackground();
    // Payout requests: 7-day expiry, resuming executions whose lease lapsed, following withdrawals.
    (await import('./lib/payouts/sweep')).startPayoutSweep();
    // Control changes a single admin asked for take effect after their delay (their due time is in the console DB).
    (await import('./lib/control-changes/sweep')).startControlChangeSweep();
    // Webhook replay jobs a previous process left RUNNING continue here (their state is in the console DB).
    (await import('./lib/webhooks/replay-runner')).startReplayRunner();
  } catch (error) {
    exitOnStartupFailure(error);
  }
}
