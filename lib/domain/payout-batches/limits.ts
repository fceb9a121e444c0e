// Pure, client-safe (no parser): the batch file's limits, shared by the upload form and the parser.

/** Data rows one batch may hold (the header row not counted). */
export const MAX_BATCH_ROWS = 1000;
/**
 * Largest file accepted. 1,000 rows of the template's five columns with a 140-character memo stay under 300 KB;
 * 512 KiB leaves room and keeps the upload (base64 in a server action) under Next's 1 MB body limit, so a 10 MB
 * file is refused with a sentence (in the browser before it is sent, and by the server) instead of by the framework.
 */
export const MAX_BATCH_FILE_BYTES = 512 * 1024;
/** Longest cell kept: no column of a batch needs more (a memo is cut to 140 at validation). */
export const MAX_CELL_CHARS = 500;
