/** Always visible while the embedded sandbox is on, so nobody mistakes simulated money for real money. */
export function SandboxBanner() {
  return (
    <aside aria-label="Sandbox notice" className="bg-sandbox-bg px-4 py-1.5 text-center text-xs font-medium text-sandbox-fg">
      <span className="mr-1.5 inline-block rounded bg-sandbox-fg px-1.5 py-px text-[0.65rem] font-bold tracking-wider text-sandbox-bg uppercase">
        Sandbox
      </span>
      Simulated service: balances, quotes and payouts here move no real money.
    </aside>
  );
}
