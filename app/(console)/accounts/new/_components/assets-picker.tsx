'use client';

import { useTranslations } from 'next-intl';
import { FIAT_ASSETS, STABLECOIN_ASSETS, type Asset } from '@/lib/money/assets';
import { cn } from '@/components/ui/cn';

export interface PickedAsset {
  code: Asset;
  isVirtual: boolean;
}

/**
 * Multi-select of the contract's assets: a checkbox per asset and, for each chosen one, its own
 * "virtual accounts" toggle (`isVirtual`). Order of the result follows the asset table.
 */
export function AssetsPicker({
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
}: {
  value: PickedAsset[];
  onChange: (next: PickedAsset[]) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const t = useTranslations('accounts.new.assets');
  const chosen = new Map(value.map((a) => [a.code, a]));
  const order = [...FIAT_ASSETS, ...STABLECOIN_ASSETS] as Asset[];

  function toggle(code: Asset, on: boolean) {
    const next = new Map(chosen);
    if (on) next.set(code, { code, isVirtual: false });
    else next.delete(code);
    onChange(order.filter((c) => next.has(c)).map((c) => next.get(c)!));
  }

  function setVirtual(code: Asset, isVirtual: boolean) {
    onChange(value.map((a) => (a.code === code ? { ...a, isVirtual } : a)));
  }

  function group(title: string, codes: readonly Asset[]) {
    return (
      <fieldset className="space-y-2">
        <legend className="mb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">{title}</legend>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {codes.map((code) => {
            const picked = chosen.get(code);
            return (
              <li
                key={code}
                className={cn(
                  'rounded-md border px-3 py-2',
                  picked ? 'border-accent bg-surface-muted' : 'border-border',
                )}
              >
                <label className="flex items-center gap-2 text-sm font-medium text-fg">
                  <input
                    type="checkbox"
                    name="assets"
                    value={code}
                    checked={Boolean(picked)}
                    disabled={disabled}
                    onChange={(e) => toggle(code, e.target.checked)}
                    onBlur={onBlur}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    className="size-4 accent-accent"
                  />
                  {code}
                </label>
                {picked ? (
                  <label className="mt-1.5 flex items-center gap-2 text-xs text-fg-muted">
                    <input
                      type="checkbox"
                      checked={picked.isVirtual}
                      disabled={disabled}
                      onChange={(e) => setVirtual(code, e.target.checked)}
                      className="size-3.5 accent-accent"
                    />
                    {t('virtual')}
                    <span className="sr-only"> {t('virtualFor', { asset: code })}</span>
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
    );
  }

  return (
    <div className="space-y-4">
      {group(t('fiat'), FIAT_ASSETS)}
      {group(t('stablecoins'), STABLECOIN_ASSETS)}
    </div>
  );
}
