'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { showFailure } from '@/components/forms/show-failure';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { amountText } from '@/components/money/amount-text';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import { parseFieldKey } from '@/lib/validation/validation-result';
import { errorFile } from '@/lib/domain/payout-batches/error-file';
import { MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS } from '@/lib/domain/payout-batches/limits';
import type { BatchPreview, PreviewRow } from '@/lib/domain/payout-batches/preview';
import type { PreviewBatchInput } from '@/lib/domain/payout-batches/schema';
import type { AppLocale } from '@/lib/i18n/config';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { useFilePicker } from '@/components/forms/use-file-picker';
import { previewBatchAction, submitBatchAction } from '../../actions';
import { downloadCsv } from './download-csv';

export type BatchAccountOption = { id: string; name: string };

/** Fields a refusal can name, in the order they are on screen. */
const FIELDS = ['sourceAccountId', 'file'] as const;
/** What the file sentences interpolate when the form words its own refusal (the server sends its values). */
const FILE_LIMITS = { kib: MAX_BATCH_FILE_BYTES / 1024, rows: MAX_BATCH_ROWS, missing: '' };

const schema = lazySchema<PreviewBatchInput>(async () => (await import('@/lib/domain/payout-batches/schema')).previewBatchSchema);

/** Bytes → base64 in chunks (a 512 KiB file would overflow `String.fromCharCode(...all)`). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Upload → preview → request. The file is read on the server (the parser never reaches the browser), once to
 * preview and again at submit, where it must read the same (row count and digest shown here).
 */
export function BatchUploadForm({ accounts }: { accounts: BatchAccountOption[] }) {
  const t = useTranslations('payoutBatches');
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const { key } = useIdempotencyKey();
  const [fileName, setFileName] = useState<{ name: string; size: number } | null>(null);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [proceed, setProceed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The file is not an input of the form: its base64 text is set when a file is picked or dropped.
  const form = useForm<PreviewBatchInput>({ defaultValues: { sourceAccountId: accounts[0]?.id ?? '', file: '' }, schema, mode: 'onSubmit' });
  const { register, handleSubmit, setValue, setError, error } = form;
  const isSubmitting = form.submitting;
  const sourceError = error('sourceAccountId');
  const fileError = error('file');

  async function pick(file: File | undefined) {
    setPreview(null);
    setFailure(null);
    if (!file) return;
    setFileName({ name: file.name, size: file.size });
    // Refused here, before anything is sent: the server refuses the same (its sentence is the same).
    if (file.size > MAX_BATCH_FILE_BYTES) {
      setValue('file', '');
      setError('file', 'BATCH_FILE_TOO_LARGE');
      return;
    }
    setValue('file', toBase64(new Uint8Array(await file.arrayBuffer())));
  }

  // The server renders this form into the page and its code comes after (lazy-batch-upload-form.tsx): until it has
  // hydrated (`hydrated`), a file chosen or a click on "Check" would reach no handler, so both wait for it.
  const { getRootProps, getInputProps, open, isDragActive, ready: hydrated } = useFilePicker({
    onDrop: (accepted, rejected) => void pick(accepted[0] ?? rejected[0]?.file),
    accept: { 'text/csv': ['.csv'], 'text/plain': ['.txt'] },
    validator: () => null,
    useFsAccessApi: false,
  });

  const onPreview = handleSubmit(async (values) => {
    setFailure(null);
    form.preload();
    const r = readActionResult(await previewBatchAction(values));
    if (!r.ok) {
      // A file or account refusal on its field (limits and missing columns come as values), anything else above.
      if (showFailure(form, r.failure, errorsT, FIELDS) !== null) setFailure(sentence(r.failure));
      return;
    }
    setPreview(r.data as BatchPreview);
    setProceed(false);
  });

  async function submit() {
    if (!preview) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const values = form.values;
      const r = readActionResult(
        await submitBatchAction({
          ...values,
          idempotencyKey: key,
          rowCount: preview.fileRowCount,
          rowsDigest: preview.fileDigest,
          excludedLines: preview.invalidLines,
          proceedWithoutInvalid: proceed,
        }),
      );
      if (!r.ok) return setFailure(sentence(r.failure));
      toast({ tone: 'success', title: t('preview.submitted') });
      router.push(`/payouts/batches/${(r.data as { batchId: string }).batchId}`);
    } finally {
      setSubmitting(false);
    }
  }

  const reason = (row: Pick<PreviewRow, 'code' | 'duplicateOf'>) => (row.code ? (errorsT(row.code, { line: row.duplicateOf ?? 0 }) ?? row.code) : t('preview.ready'));
  /** A field's message: a code of the form's rules (the `errors` catalogue, with the batch's limits), or a refusal already worded. */
  const word = (message: string | undefined) => {
    if (message === undefined) return undefined;
    const { key, values } = parseFieldKey(message);
    return errorsT(key, { ...FILE_LIMITS, ...values }) ?? message;
  };
  const invalid = preview?.rows.filter((r) => !r.ok) ?? [];

  function downloadErrors() {
    if (!preview) return;
    const file = errorFile(
      invalid.map((r) => ({ line: r.line, code: r.code!, duplicateOf: r.duplicateOf ?? undefined, raw: { taxId: r.taxId, key: r.key, amount: r.amountText, asset: r.asset, memo: r.memo } })),
      locale,
      { line: t('errorFile.line'), reason: t('errorFile.reason') },
      (r) => reason({ code: r.code, duplicateOf: r.duplicateOf ?? null }),
    );
    downloadCsv(file, t('errorFile.name'));
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onPreview} noValidate className="space-y-4" onFocus={form.preload}>
        <Field
          id="batch-account"
          label={t('new.sourceAccount')}
          required
          error={word(sourceError)}
        >
          <Select {...register('sourceAccountId', { onChange: () => setPreview(null) })}>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
        <div>
          <p className="mb-1 text-sm font-medium text-fg" id="batch-file-label">
            {t('new.file')}
          </p>
          <div
            {...getRootProps({
              role: 'group',
              'aria-labelledby': 'batch-file-label',
              className: `rounded-md border border-dashed p-4 ${isDragActive ? 'border-accent bg-accent-soft' : 'border-border'}`,
            })}
          >
            <input {...getInputProps()} aria-label={t('new.chooseFile')} data-testid="batch-file-input" />
            <p className="text-sm text-fg-muted">
              {fileName ? t('new.fileChosen', { name: fileName.name, kib: Math.max(1, Math.round(fileName.size / 1024)) }) : t('new.dropHint')}{' '}
              <button type="button" className="font-medium text-accent-text underline underline-offset-2" onClick={open} disabled={!hydrated}>
                {t('new.chooseFile')}
              </button>
            </p>
          </div>
          {fileError ? (
            <p className="mt-1 text-sm text-danger-text" role="alert" data-testid="batch-file-error">
              {word(fileError)}
            </p>
          ) : null}
        </div>
        {failure && !preview ? <Alert tone="error">{failure}</Alert> : null}
        <Button type="submit" disabled={isSubmitting || !hydrated}>
          {t('new.preview')}
        </Button>
      </form>

      {preview ? (
        <Card>
          <CardHeader title={t('preview.title')} description={t('preview.summary', { rows: preview.fileRowCount, valid: preview.payableCount, invalid: invalid.length })} />
          <CardBody className="space-y-4">
            {preview.encoding === 'windows-1252' ? <Alert tone="warning">{t('preview.latin1')}</Alert> : null}
            <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4" data-testid="batch-totals">
              <dt className="text-fg-muted">{t('preview.totals')}</dt>
              <dd className="tabular-nums">
                {Object.entries(preview.totals)
                  .map(([asset, value]) => amountText({ value, asset }, locale))
                  .join(' · ') || '—'}
              </dd>
              <dt className="sr-only">{preview.referenceCurrency}</dt>
              <dd className="text-fg-muted sm:col-span-2">
                {preview.referenceTotal !== null
                  ? t('preview.referenceTotal', { currency: preview.referenceCurrency, amount: amountText({ value: preview.referenceTotal, asset: preview.referenceCurrency }, locale) })
                  : t('preview.referenceUnknown', { currency: preview.referenceCurrency })}
              </dd>
            </dl>
            {/* Phones: one card per row (the table's five columns do not fit 390 px). */}
            <ul aria-label={t('preview.rowsLabel')} className="max-h-[28rem] divide-y divide-border overflow-auto rounded-md border border-border sm:hidden">
              {[...invalid, ...preview.rows.filter((r) => r.ok)].map((r) => (
                <li key={r.line} className="space-y-0.5 p-3 text-sm">
                  <p className="flex justify-between gap-2">
                    <span className="font-medium [overflow-wrap:anywhere]">
                      {r.line} · {r.beneficiaryName ?? r.taxId}
                    </span>
                    <span className="whitespace-nowrap tabular-nums">{r.amount ? amountText({ value: r.amount, asset: r.asset }, locale) : `${r.amountText} ${r.asset}`}</span>
                  </p>
                  <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">{r.key}</p>
                  <p className={r.ok ? 'text-xs text-fg-muted' : 'text-xs text-danger-text'}>{reason(r)}</p>
                </li>
              ))}
            </ul>
            <div className="hidden max-h-[28rem] overflow-auto sm:block">
              <Table label={t('preview.rowsLabel')}>
                <THead>
                  <TR>
                    <TH>{t('preview.col.line')}</TH>
                    <TH>{t('preview.col.beneficiary')}</TH>
                    <TH>{t('preview.col.key')}</TH>
                    <TH>{t('preview.col.amount')}</TH>
                    <TH>{t('preview.col.result')}</TH>
                  </TR>
                </THead>
                <TBody>
                  {[...invalid, ...preview.rows.filter((r) => r.ok)].map((r) => (
                    <TR key={r.line} data-testid={`preview-row-${r.line}`} data-valid={r.ok ? 'true' : 'false'}>
                      <TD className="tabular-nums">{r.line}</TD>
                      <TD className="[overflow-wrap:anywhere]">{r.beneficiaryName ?? r.taxId}</TD>
                      <TD className="[overflow-wrap:anywhere]">{r.key}</TD>
                      <TD className="whitespace-nowrap tabular-nums">{r.amount ? amountText({ value: r.amount, asset: r.asset }, locale) : `${r.amountText} ${r.asset}`}</TD>
                      <TD>{r.ok ? <Badge tone="success">{reason(r)}</Badge> : <span className="text-sm text-danger-text">{reason(r)}</span>}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
            {invalid.length > 0 ? (
              <div className="space-y-6">
                <Button type="button" variant="secondary" size="sm" onClick={downloadErrors}>
                  {t('preview.downloadErrors')}
                </Button>
                {/* A 24 px box: it sits between the error-file button and the submit, so it gets the full target size. */}
                <label htmlFor="batch-proceed" className="flex items-center gap-3 text-sm font-medium text-fg">
                  <input
                    id="batch-proceed"
                    type="checkbox"
                    className="size-6 shrink-0 rounded border-border-strong accent-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    checked={proceed}
                    onChange={(e) => setProceed(e.currentTarget.checked)}
                  />
                  <span>{t('preview.proceed', { count: invalid.length })}</span>
                </label>
              </div>
            ) : null}
            <p className="text-xs break-all text-fg-muted">{t('preview.fingerprint', { digest: preview.fileDigest })}</p>
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <Button type="button" onClick={submit} disabled={submitting || preview.payableCount === 0 || (invalid.length > 0 && !proceed)}>
              {t('preview.submit')}
            </Button>
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
