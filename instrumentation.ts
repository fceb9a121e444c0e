// Runs once when the Next server starts (never during `next build`): fail fast on a bad environment, open and
// migrate the database, seed demo users or refuse demo passwords, then start the embedded sandbox.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // First, before anything slow: every request from now on carries its socket address in a header the client cannot
  // forge (lib/security/client-address.ts), the only trustworthy address when TRUSTED_PROXY_HOPS is 0.
  (await import('./lib/security/peer-address-hook')).installPeerAddressHook();
  // Then the request id (kept from a trusted proxy only), access log, traces and the SIGTERM drain.
  const { trustedProxyHops } = await import('./lib/security/client-address');
  await (await import('./lib/observability/install')).installObservability({ hops: trustedProxyHops() });
  (await import('./lib/db/operability')).installDatabaseObservability();
  const { startConsole, exitOnStartupFailure } = await import('./lib/startup');
  try {
    await startConsole(async (env) => {
      if (env.SANDBOX !== 'on') return;
      // The embedded sandbox starts here (one of the two lazy lines that tie lib/sandbox to the console).
      const host = await import('./lib/sandbox/host');
      const sandbox = await host.ensureSandbox();
      (await import('./lib/observability/shutdown')).onDrain('sandbox', 1, () => sandbox.stop());
      // The seed's own beneficiary keys were put there by the console, not by a person: approved by the system (every
      // start; a row already there is kept), so the demo can pay its beneficiary. Anything a person adds is reviewed.
      await (await import('./lib/beneficiaries/key-reviews')).recordSystemApprovals(await host.getDemoKeys(), 'demo seed');
    });
    // Received webhooks: the live bus (LISTEN with PostgreSQL) and the 30-day retention sweep.
    await (await import('./lib/live/background')).startLiveBackground();
    // Payout requests: 7-day expiry, resuming executions whose lease lapsed, following withdrawals.
    // The sweep also follows payout batch rows' withdrawals (a step the batch feature adds; payouts import no batch code).
    const sweep = await import('./lib/payouts/sweep');
    sweep.addPayoutSweepStep('payout-batches.follow', (await import('./lib/payout-batches/follow')).followBatchRows);
    sweep.startPayoutSweep();
    // The inbox's watch: low balances, stuck operations, accounts needing action, failing webhook endpoints.
    (await import('./lib/notifications/watch')).startNotificationWatch();
    // Control changes a single admin asked for take effect after their delay (their due time is in the console DB).
    (await import('./lib/control-changes/sweep')).startControlChangeSweep();
    // Webhook replay jobs a previous process left RUNNING continue here (their state is in the console DB).
    (await import('./lib/webhooks/replay-runner')).startReplayRunner();
    // Approved payout batches (and one a previous process was executing) are executed here, row by row.
    (await import('./lib/payout-batches/executor')).startBatchExecutor();
  } catch (error) {
    exitOnStartupFailure(error);
  }
}
