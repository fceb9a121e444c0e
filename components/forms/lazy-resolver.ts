import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation code (zod and the form's schema, ~34 kB gzip) is loaded on first use
 * instead of with the page: the form's first-load JS stays within the performance budget (perf-budget.json,
 * `npm run bench:budget`). The same schema still validates on the client, and the server action validates again.
 *
 * `preload()` starts the download early (call it when the user focuses the form or opens its dialog), so by the
 * first blur or submit the code is usually there; a resolver call before that simply waits for it. A failed
 * download is retried on the next call.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): { resolver: Resolver<TInput, TContext, TOutput>; preload: () => void } {
  let pending: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined); // a failure surfaces (and is retried) on the next validation
    },
  };
}
