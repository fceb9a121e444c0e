import type { SelectProps } from '@/components/ui/select';
import { Select } from '@/components/ui/select';
import type { CountryOption } from '@/lib/domain/address/countries';

/**
 * Native select of ISO 3166-1 alpha-2 countries. The options come from the server (countryOptions(locale) in the
 * page), named and sorted in the reader's language: the browser never names them itself, so server and browser
 * render the same text (their ICU data differ for a few regions).
 */
export function CountrySelect({ options, placeholder, ...props }: SelectProps & { options: readonly CountryOption[]; placeholder: string }) {
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
