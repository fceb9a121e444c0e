import type { SelectProps } from '@/components/ui/select';
import { Select } from '@/components/ui/select';
import type { CountryOption } from '@/lib/domain/address/countries';

/**
 * Native select of ISO 3166-1 alpha-2 countries. The names come from the server (`countryOptions()` in the page):
 * Node's and the browser's ICU name a few regions differently (FK, HK, MO, PS), and naming them on both sides made
 * the hydrated text differ from the server's (React error #418).
 */
export function CountrySelect({
  options,
  placeholder = 'Choose a country',
  ...props
}: SelectProps & { options: readonly CountryOption[]; placeholder?: string }) {
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} ({c.code})
        </option>
      ))}
    </Select>
  );
}
