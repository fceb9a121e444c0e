import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const ok: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the validation code once, on the first validation or preload, and then validates with it', async () => {
    const load = vi.fn(async () => ok);
    const { resolver, preload } = lazyResolver<Values, unknown, Values>(load);
    expect(load).not.toHaveBeenCalled(); // nothing is fetched with the page
    preload();
    preload();
    expect(await resolver({ name: 'Ana' }, undefined, options)).toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(await resolver({ name: 'Bia' }, undefined, options)).toEqual({ values: { name: 'Bia' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed download on the next validation', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ok);
    const { resolver, preload } = lazyResolver<Values, unknown, Values>(load);
    preload(); // fails quietly
    await new Promise((r) => setTimeout(r, 0));
    expect((await resolver({ name: 'Ana' }, undefined, options)).values).toEqual({ name: 'Ana' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
