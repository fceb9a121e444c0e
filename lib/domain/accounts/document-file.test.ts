import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, checkDocumentBlob, checkDocumentFile, detectDocumentType } from './document-file';

const PDF = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n') as Uint8Array<ArrayBuffer>;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
// A Windows executable starts with "MZ"; the name says .pdf, the bytes do not.
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]);

function file(bytes: Uint8Array<ArrayBuffer>, name: string, type = ''): File {
  return new File([bytes], name, { type });
}

describe('detectDocumentType', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(detectDocumentType(PDF)).toBe('application/pdf');
    expect(detectDocumentType(PNG)).toBe('image/png');
    expect(detectDocumentType(JPEG)).toBe('image/jpeg');
  });
  it('refuses other and truncated signatures', () => {
    expect(detectDocumentType(EXE)).toBeNull();
    expect(detectDocumentType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(detectDocumentType(PNG.slice(0, 7))).toBeNull();
    expect(detectDocumentType(new Uint8Array())).toBeNull();
  });
});

describe('checkDocumentBlob (what the browser runs before sending)', () => {
  it('accepts a PDF, a PNG and a JPEG', async () => {
    expect(await checkDocumentBlob(file(PDF, 'articles.pdf', 'application/pdf'))).toEqual({ ok: true, mime: 'application/pdf' });
    expect(await checkDocumentBlob(file(PNG, 'scan.png'))).toEqual({ ok: true, mime: 'image/png' });
    expect(await checkDocumentBlob(file(JPEG, 'photo.jpg'))).toEqual({ ok: true, mime: 'image/jpeg' });
  });
  it('refuses an executable renamed to .pdf, whatever type the browser declares', async () => {
    expect(await checkDocumentBlob(file(EXE, 'invoice.pdf', 'application/pdf'))).toEqual({ ok: false, problem: 'UNSUPPORTED_FILE_TYPE' });
  });
  it('refuses an empty file', async () => {
    expect(await checkDocumentBlob(file(new Uint8Array(), 'empty.pdf'))).toEqual({ ok: false, problem: 'EMPTY_FILE' });
  });
  it('accepts exactly 10,000,000 bytes and refuses one byte more', async () => {
    const limit = new Uint8Array(MAX_DOCUMENT_BYTES);
    limit.set(PDF);
    expect(await checkDocumentBlob(file(limit, 'limit.pdf'))).toEqual({ ok: true, mime: 'application/pdf' });
    const over = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    over.set(PDF);
    expect(await checkDocumentBlob(file(over, 'big.pdf'))).toEqual({ ok: false, problem: 'FILE_TOO_LARGE' });
  });
  it('reads only the first bytes (a 1-byte file is a size pass but a type failure)', async () => {
    expect(await checkDocumentBlob(file(new Uint8Array([0x25]), 'x.pdf'))).toEqual({ ok: false, problem: 'UNSUPPORTED_FILE_TYPE' });
  });
});

describe('checkDocumentFile (server: declared size + received head)', () => {
  it('checks size before type', () => {
    expect(checkDocumentFile(0, PDF)).toEqual({ ok: false, problem: 'EMPTY_FILE' });
    expect(checkDocumentFile(MAX_DOCUMENT_BYTES + 1, PDF)).toEqual({ ok: false, problem: 'FILE_TOO_LARGE' });
    expect(checkDocumentFile(Number.NaN, PDF)).toEqual({ ok: false, problem: 'EMPTY_FILE' });
    expect(checkDocumentFile(PDF.length, PDF)).toEqual({ ok: true, mime: 'application/pdf' });
  });
});
