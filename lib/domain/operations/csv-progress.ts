// Pure: counting CSV records as chunks stream in (the export's progress in the browser). Quote-aware, so a cell
// holding a line break (RFC 4180 allows it inside quotes) does not count as a row; chunk boundaries may fall
// anywhere, even between the two quotes of an escaped `""`.

export interface CsvRecordCounter {
  /** Feeds a chunk of text; returns the number of complete records seen so far (the header included). */
  push(chunk: string): number;
  /** Complete records so far, plus a last record without a final line break. */
  finish(): number;
}

export function csvRecordCounter(): CsvRecordCounter {
  let inQuotes = false;
  let records = 0;
  let pending = false; // characters seen since the last record ended
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 34 /* " */) {
          // `""` inside quotes is an escaped quote: leaving and re-entering quotes counts the same.
          inQuotes = !inQuotes;
          pending = true;
        } else if (c === 10 /* \n */ && !inQuotes) {
          records++;
          pending = false;
        } else if (c !== 13 /* \r */ && c !== 0xfeff /* BOM */) {
          pending = true;
        }
      }
      return records;
    },
    finish() {
      return records + (pending ? 1 : 0);
    },
  };
}

/** Data rows from a record count (the first record is the header). */
export function dataRows(records: number): number {
  return Math.max(0, records - 1);
}

/** The file name of an `attachment; filename="…"` header, else `fallback`. */
export function attachmentFileName(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="([^"\\/]{1,200})"/.exec(disposition) : null;
  return m ? m[1] : fallback;
}
