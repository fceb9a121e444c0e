import type { ComponentProps } from 'react';
import { Brand } from './brand';
import { StatusPanel } from './status-panel';

/** A full page (own <main>) around the status card, for errors raised outside the console shell. */
export function StatusPage(props: ComponentProps<typeof StatusPanel>) {
  return (
    <>
      <header className="flex justify-center px-4 pt-12">
        <Brand />
      </header>
      <main id="main" className="flex flex-col items-center px-4 py-10">
        <StatusPanel {...props} />
      </main>
    </>
  );
}
