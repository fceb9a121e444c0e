// The export layouts a user can pick (lib/domain/operations/csv.ts has what each means). Its own file so the
// pickers in the browser do not pull in the CSV writer and the operation view helpers.
export const CSV_DIALECTS = ['standard', 'pt-BR'] as const;
export type CsvDialectName = (typeof CSV_DIALECTS)[number];
