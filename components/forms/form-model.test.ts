import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorAt, FormModel, getPath, issuesToErrors, lazySchema, setPath } from './form-model';

const schema = z.object({
  name: z.string().trim().min(1, 'required'),
  address: z.object({ city: z.string().min(1, 'required'), state: z.string().length(2, 'stateInvalid') }),
  assets: z.array(z.object({ code: z.enum(['BRL', 'USDC'], 'assetInvalid') })).min(1, 'chooseOne'),
});
type In = { name: string; address: { city: string; state: string }; assets: { code: string }[] };
const empty = (): In => ({ name: '', address: { city: '', state: '' }, assets: [] });

describe('paths', () => {
  it('reads and writes dotted paths without touching the original', () => {
    const values = { address: { city: 'Recife' }, assets: [{ code: 'BRL' }] };
    expect(getPath(values, 'address.city')).toBe('Recife');
    expect(getPath(values, 'assets.0.code')).toBe('BRL');
    expect(getPath(values, 'missing.deep')).toBeUndefined();
    const next = setPath(values, 'assets.0.code', 'USDC');
    expect(next.assets[0]!.code).toBe('USDC');
    expect(Array.isArray(next.assets)).toBe(true);
    expect(values.assets[0]!.code).toBe('BRL');
    expect(next.address).toBe(values.address);
  });

  it('keeps the first message of each path and finds a field by what lies under it', () => {
    const errors = issuesToErrors([
      { path: ['assets', 0, 'code'], message: 'assetInvalid' },
      { path: ['name'], message: 'required' },
      { path: ['name'], message: 'tooLong' },
    ]);
    expect(errors).toEqual({ 'assets.0.code': 'assetInvalid', name: 'required' });
    expect(errorAt(errors, 'assets')).toBe('assetInvalid');
    expect(errorAt(errors, 'name')).toBe('required');
    expect(errorAt(errors, 'nam')).toBeUndefined();
  });
});

describe('FormModel', () => {
  it('checks a field when it is left, then on every change; untouched fields stay quiet', async () => {
    const form = new FormModel<In, z.output<typeof schema>>(empty(), schema);
    await form.change('name', '');
    expect(form.errors).toEqual({});
    await form.blur('name');
    expect(form.errors).toEqual({ name: 'required' }); // only the field left, not the whole form
    await form.change('name', 'Ana');
    expect(form.errors).toEqual({});
    await form.change('address.state', 'X');
    expect(form.errors).toEqual({});
  });

  it('a submit checks every field and does not run the handler while one is refused', async () => {
    const form = new FormModel<In, z.output<typeof schema>>(empty(), schema);
    const onValid = vi.fn();
    const refused = await form.submit(onValid);
    expect(onValid).not.toHaveBeenCalled();
    expect(refused).toEqual(['name', 'address.city', 'address.state', 'assets']);
    expect(form.submitting).toBe(false);
    // After a submit, every change is checked at once.
    await form.change('address.state', 'PE');
    expect(form.errors['address.state']).toBeUndefined();
    expect(form.errors.name).toBe('required');
  });

  it('runs the handler with the schema output and is submitting until it ends; a second submit meanwhile is ignored', async () => {
    const form = new FormModel<In, z.output<typeof schema>>(
      { name: '  Ana ', address: { city: 'Recife', state: 'PE' }, assets: [{ code: 'BRL' }] },
      schema,
    );
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const first = form.submit(onValid);
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]).toEqual([{ name: 'Ana', address: { city: 'Recife', state: 'PE' }, assets: [{ code: 'BRL' }] }]);
    expect(form.submitting).toBe(true);
    expect(await form.submit(onValid)).toEqual([]);
    expect(onValid).toHaveBeenCalledTimes(1);
    finish();
    expect(await first).toEqual([]);
    expect(form.submitting).toBe(false);
  });

  it('keeps a service message until the field is checked again, and reset clears everything', async () => {
    const notify = vi.fn();
    const form = new FormModel<In, z.output<typeof schema>>(empty(), schema, notify);
    form.setError('address.city', 'UNKNOWN_CITY');
    expect(notify).toHaveBeenCalled();
    await form.blur('name');
    expect(form.errors['address.city']).toBe('UNKNOWN_CITY');
    await form.change('address.city', 'Recife', { validate: true });
    expect(form.errors['address.city']).toBeUndefined();
    form.clearErrors('address');
    await form.change('name', 'Bia');
    form.reset();
    expect(form.values).toEqual(empty());
    expect(form.errors).toEqual({});
    await form.change('name', ''); // not touched any more
    expect(form.errors).toEqual({});
  });

  it('loads a lazy schema once, on preload or first check, and retries a failed download', async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const lazy = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    const form = new FormModel<In, z.output<typeof schema>>(empty(), lazy);
    form.preload(); // fails quietly
    await new Promise((r) => setTimeout(r, 0));
    await form.blur('name');
    await form.blur('address.city');
    expect(form.errors).toEqual({ name: 'required', 'address.city': 'required' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('"on submit" says nothing before the first submit, then checks every change', async () => {
    const form = new FormModel<In, z.output<typeof schema>>(empty(), schema, undefined, 'onSubmit');
    await form.blur('name');
    await form.change('address.state', 'X');
    expect(form.errors).toEqual({});
    await form.submit(() => undefined);
    expect(form.errors.name).toBe('required');
    await form.change('name', 'Ana');
    expect(form.errors.name).toBeUndefined();
    await form.change('address.state', 'PE');
    expect(form.errors['address.state']).toBeUndefined();
  });

  it('a value set with validate: false keeps the message set after it, even after a submit', async () => {
    const form = new FormModel<In, z.output<typeof schema>>(empty(), schema);
    await form.submit(() => undefined);
    // As the batch form does: the value cleared, then its own message, without waiting in between.
    void form.change('name', '', { validate: false });
    form.setError('name', 'FILE_TOO_LARGE');
    await new Promise((r) => setTimeout(r, 0));
    expect(form.errors.name).toBe('FILE_TOO_LARGE');
  });
});
