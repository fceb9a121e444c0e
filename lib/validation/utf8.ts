// Pure: bodies are UTF-8. A lenient decoder turns bytes it cannot read into U+FFFD, and those then reach the
// database as a legal name of "���(��� Ltda"; the console's own body readers refuse them instead.

const strict = new TextDecoder('utf-8', { fatal: true });

/** The text, or null when the bytes are not UTF-8. A leading byte-order mark is dropped, as Request.text() does. */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Where a body that is not UTF-8 went wrong, as a field path (`[0].legalName`, `meta`): the first string of its
 * lenient decoding that holds U+FFFD, or null when it does not parse as JSON.
 */
export function replacementPath(value: unknown): string | null {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: '' }];
  let steps = 0;
  while (stack.length && steps++ < 10_000) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\uFFFD')) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]` });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        if (keys[i].includes('\uFFFD')) return path;
        stack.push({ v: (v as Record<string, unknown>)[keys[i]], path: path ? `${path}.${keys[i]}` : keys[i] });
      }
    }
  }
  return null;
}

/** The field path of the first unreadable string in a JSON body that failed strict decoding, or null. */
export function invalidUtf8Field(bytes: Uint8Array): string | null {
  try {
    return replacementPath(JSON.parse(new TextDecoder('utf-8').decode(bytes)));
  } catch {
    return null;
  }
}

/** Whether a percent-encoded (`application/x-www-form-urlencoded`) component decodes to UTF-8. */
export function isUtf8UrlComponent(component: string): boolean {
  try {
    decodeURIComponent(component.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}
