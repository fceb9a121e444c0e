/** Outcome of validating an identifier typed by a person: the normalised form, or a sentence to show. */
export type ValidationResult = { ok: true; normalized: string } | { ok: false; message: string };
