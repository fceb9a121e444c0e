import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorAt, FormModel, getPath, issuesToErrors, lazySchema, movedPath, setPath } from './form-model';

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

describe('list fields', () => {
  const tiers = z.object({
    tiers: z.array(z.object({ upTo: z.string().min(1, 'required'), steps: z.array(z.object({ role: z.string().min(1, 'required') })).min(1, 'noSteps') })).min(1, 'noTiers'),
  });
  type Tiers = { tiers: { upTo: string; steps: { role: string }[] }[] };
  const three = (): Tiers => ({
    tiers: [
      { upTo: 'a', steps: [{ role: 'x' }] },
      { upTo: 'b', steps: [{ role: 'y' }, { role: 'z' }] },
      { upTo: 'c', steps: [{ role: 'w' }] },
    ],
  });

  it('moves the index right under the list and leaves other paths alone', () => {
    const drop1 = (i: number) => (i === 1 ? undefined : i > 1 ? i - 1 : i);
    expect(movedPath('tiers.2.steps.0.role', 'tiers', drop1)).toBe('tiers.1.steps.0.role');
    expect(movedPath('tiers.1.upTo', 'tiers', drop1)).toBeUndefined();
    expect(movedPath('tiers.0', 'tiers', drop1)).toBe('tiers.0');
    expect(movedPath('tiers', 'tiers', drop1)).toBe('tiers');
    expect(movedPath('tiersX.2', 'tiers', drop1)).toBe('tiersX.2');
    expect(movedPath('tiers.2.steps.2.role', 'tiers.2.steps', drop1)).toBe('tiers.2.steps.1.role');
  });

  it('removes an item: its messages and key go, those after it keep theirs at their new index', async () => {
    const form = new FormModel<Tiers, z.output<typeof tiers>>(three(), tiers);
    const [k0, , k2] = form.keys('tiers');
    const [s0, s1] = form.keys('tiers.1.steps');
    form.setError('tiers.1.upTo', 'gone');
    form.setError('tiers.2.upTo', 'kept');
    await form.remove('tiers', 1);
    expect(form.values.tiers.map((t) => t.upTo)).toEqual(['a', 'c']);
    expect(form.keys('tiers')).toEqual([k0, k2]);
    expect(form.errors).toEqual({ 'tiers.1.upTo': 'kept' });
    // The removed tier's steps do not lend their keys to the tier now at index 1.
    expect(form.keys('tiers.1.steps')).not.toContain(s0);
    expect(form.keys('tiers.1.steps')).not.toContain(s1);
  });

  it('inserts and appends with new keys; nested lists follow their item', async () => {
    const form = new FormModel<Tiers, z.output<typeof tiers>>(three(), tiers);
    const before = form.keys('tiers');
    const steps = form.keys('tiers.2.steps');
    await form.insert('tiers', 2, { upTo: 'new', steps: [{ role: 'admin' }] });
    expect(form.values.tiers.map((t) => t.upTo)).toEqual(['a', 'b', 'new', 'c']);
    const after = form.keys('tiers');
    expect([after[0], after[1], after[3]]).toEqual([before[0], before[1], before[2]]);
    expect(before).not.toContain(after[2]);
    expect(form.keys('tiers.3.steps')).toEqual(steps);
    await form.append('tiers.0.steps', { role: 'finance' });
    expect(form.values.tiers[0]!.steps).toEqual([{ role: 'x' }, { role: 'finance' }]);
    expect(form.keys('tiers.0.steps')).toHaveLength(2);
  });

  it('moves an item and the ones between shift by one, keys and messages with them', async () => {
    const form = new FormModel<Tiers, z.output<typeof tiers>>(three(), tiers);
    const [k0, k1, k2] = form.keys('tiers');
    form.setError('tiers.0.upTo', 'first');
    await form.move('tiers', 0, 2);
    expect(form.values.tiers.map((t) => t.upTo)).toEqual(['b', 'c', 'a']);
    expect(form.keys('tiers')).toEqual([k1, k2, k0]);
    expect(form.errors).toEqual({ 'tiers.2.upTo': 'first' });
    await form.move('tiers', 2, 0);
    expect(form.keys('tiers')).toEqual([k0, k1, k2]);
  });

  it('after a submit a change of the list is checked at once; before it, not', async () => {
    const form = new FormModel<Tiers, z.output<typeof tiers>>({ tiers: [{ upTo: 'a', steps: [{ role: 'x' }] }] }, tiers, undefined, 'onSubmit');
    await form.remove('tiers.0.steps', 0);
    expect(form.errors).toEqual({});
    await form.submit(() => undefined);
    expect(form.errors).toEqual({ 'tiers.0.steps': 'noSteps' });
    await form.append('tiers.0.steps', { role: '' });
    expect(form.errors).toEqual({ 'tiers.0.steps.0.role': 'required' });
    await form.remove('tiers', 0);
    expect(form.errors).toEqual({ tiers: 'noTiers' });
  });
});

