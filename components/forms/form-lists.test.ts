import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListFormModel, movedPath } from './form-lists';

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
    const form = new ListFormModel<Tiers, z.output<typeof tiers>>(three(), tiers);
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
    const form = new ListFormModel<Tiers, z.output<typeof tiers>>(three(), tiers);
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
    const form = new ListFormModel<Tiers, z.output<typeof tiers>>(three(), tiers);
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
    const form = new ListFormModel<Tiers, z.output<typeof tiers>>({ tiers: [{ upTo: 'a', steps: [{ role: 'x' }] }] }, tiers, undefined, 'onSubmit');
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

