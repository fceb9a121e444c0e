// Pure: what a database span is called. A statement's verb and first table (`SELECT console.payout_requests`), as
// OpenTelemetry's database conventions name spans: low cardinality, and never a value (drizzle sends parameters
// apart from the text, so the text itself holds placeholders only).

export type SqlSummary = { operation: string; collection?: string };

const NAME = String.raw`(?:"[^"]+"|[A-Za-z_][\w$]*)`;
const TABLE = new RegExp(String.raw`\b(?:from|into|update|join)\s+(${NAME}(?:\s*\.\s*${NAME})?)`, 'i');

/** The statement's first keyword, upper-cased (`SELECT`, `INSERT`, `BEGIN`…), and the first table it names. */
export function summarizeSql(text: string): SqlSummary {
  const trimmed = text.replace(/^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*/, '');
  const operation = (/^[A-Za-z]+/.exec(trimmed)?.[0] ?? 'QUERY').toUpperCase();
  const table = TABLE.exec(trimmed)?.[1];
  const collection = table?.replace(/"/g, '').replace(/\s+/g, '').slice(0, 80);
  return collection ? { operation, collection } : { operation };
}

/** The span name: `SELECT console.payout_requests`, or the verb alone (`BEGIN`). */
export function sqlSpanName(summary: SqlSummary): string {
  return summary.collection ? `${summary.operation} ${summary.collection}` : summary.operation;
}

/** The statement as a span attribute: placeholders only, cut to a size a collector keeps. */
export function sqlQueryText(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 500 ? `${oneLine.slice(0, 500)}…` : oneLine;
}
