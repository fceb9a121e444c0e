import type { SelectProps } from '@/components/ui/select';
import { Select } from '@/components/ui/select';
import { countryOptions } from '@/lib/domain/address/countries';

/** Native select of ISO 3166-1 alpha-2 countries, named through Intl.DisplayNames, sorted by name. */
export function CountrySelect({ placeholder = 'Choose a country', ...props }: SelectProps & { placeholder?: string }) {
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {countryOptions().map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} ({c.code})
        </option>
      ))}
    </Select>
  );
}
