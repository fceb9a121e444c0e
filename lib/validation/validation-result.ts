/**
 * Outcome of validating an identifier typed by a person: the normalised form, or why not — `message`, a plain
 * English sentence (what the sandbox answers), and `key`/`values`, the `validation` catalogue entry a form shows in
 * the reader's language.
 */
export type ValidationResult =
  | { ok: true; normalized: string }
  | { ok: false; message: string; key: string; values?: Record<string, string | number> };

/**
 * A zod issue message that names a catalogue entry: `key`, or `key|{"max":200}` when it has values.
 * components/i18n/use-field-message.ts reads it back (parseFieldKey) and words it in the reader's language.
 */
export function fieldKey(key: string, values?: Record<string, string | number>): string {
  return values && Object.keys(values).length ? `${key}|${JSON.stringify(values)}` : key;
}

export function parseFieldKey(message: string): { key: string; values: Record<string, string | number> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, values: {} };
  try {
    const values = JSON.parse(message.slice(bar + 1)) as unknown;
    if (values && typeof values === 'object' && !Array.isArray(values)) {
      return { key: message.slice(0, bar), values: values as Record<string, string | number> };
    }
  } catch {
    // not one of ours: a sentence that happens to contain a bar
  }
  return { key: message, values: {} };
}
