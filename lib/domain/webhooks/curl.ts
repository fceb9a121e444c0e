/**
 * "Copy as cURL": a command that repeats a delivery exactly — POST, the URL that was called, the headers that
 * were sent, and the payload byte for byte (`--data-raw`, so curl neither strips newlines nor reads `@file`).
 */

/** POSIX shell single-quoting: everything literal; a single quote becomes '\'' (close, escaped quote, reopen). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export type DeliveryRequest = { url: string; headers: ReadonlyArray<readonly [string, string]>; body: string };

export function renderCurl(request: DeliveryRequest): string {
  const lines = [`curl -X POST ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  lines.push(`--data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}

/** The headers the service sends with every delivery (names as sent; values from the execution log). */
export function deliveryHeaders(input: {
  eventType: string;
  messageId: string;
  companyId: string;
  resourceName: string | null;
  signature: string | null;
}): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [
    ['Content-Type', 'application/json'],
    ['X-Event-Type', input.eventType],
    ['X-Message-Id', input.messageId],
    ['X-Company-Id', input.companyId],
  ];
  if (input.resourceName) headers.push(['X-Resource-Name', input.resourceName]);
  if (input.signature) headers.push(['X-Message-Signature', input.signature]);
  return headers;
}
