// Client-safe: the sentence of an action failure, translated when it is one of this section's catalogue keys.
export function failureText(
  failure: { sentence?: string; message?: string; requestId?: string } | undefined,
  t: { (key: string): string; has: (key: string) => boolean },
): string {
  const text = failure?.sentence ?? failure?.message ?? '';
  const translated = text && t.has(text) ? t(text) : text;
  return failure?.requestId && !translated.includes(failure.requestId) ? `${translated} (${failure.requestId})` : translated;
}
