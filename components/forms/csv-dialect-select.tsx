import type { SelectHTMLAttributes } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { CSV_DIALECTS } from '@/lib/domain/operations/csv-dialects';

export type CsvDialectLabels = { label: string; standard: string; 'pt-BR': string };

/**
 * The explicit choice of an export's layout (lib/domain/operations/csv.ts): standard CSV, or the pt-BR spreadsheet
 * one. A native select, so it works inside a plain GET form as well as a client component.
 */
export function CsvDialectSelect({
  id,
  labels,
  ...props
}: { id: string; labels: CsvDialectLabels } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'>) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {labels.label}
      </Label>
      <Select id={id} wrapperClassName="w-full sm:w-auto" className="text-sm" {...props}>
        {CSV_DIALECTS.map((d) => (
          <option key={d} value={d}>
            {labels[d]}
          </option>
        ))}
      </Select>
    </div>
  );
}
