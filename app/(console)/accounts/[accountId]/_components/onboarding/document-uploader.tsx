'use client';

import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { CountrySelect } from '@/components/forms/country-select';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES, checkDocumentBlob } from '@/lib/domain/accounts/document-file';
import { isSidedDocument, type BoardHolder, type DocumentSide } from '@/lib/domain/accounts/requirement-board';
import type { CountryOption } from '@/lib/domain/address/countries';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { useFilePicker } from '@/components/forms/use-file-picker';
import { startUpload, type UploadHandle } from './upload-request';

export interface UploaderItem {
  key: string;
  documentTypes: string[];
  startedDocumentType: string | null;
  dueSide: DocumentSide | null;
  requiredMetadata: string[];
  holder: BoardHolder;
}

type SlotId = DocumentSide | 'SINGLE';

interface Slot {
  file: File | null;
  /** Idempotency key of this file's upload intent: a new file (or new details) → a new key; retry → the same. */
  key: string;
  status: 'empty' | 'ready' | 'invalid' | 'uploading' | 'failed' | 'done';
  problem: string | null;
  sent: number;
  total: number;
}

const emptySlot = (): Slot => ({ file: null, key: crypto.randomUUID(), status: 'empty', problem: null, sent: 0, total: 0 });
const MAX_MB = MAX_DOCUMENT_BYTES / 1_000_000;

function slotsFor(documentType: string, dueSide: DocumentSide | null, started: string | null): SlotId[] {
  if (!isSidedDocument(documentType)) return ['SINGLE'];
  // Half sent: only the side the service still waits for.
  if (dueSide && started === documentType) return [dueSide];
  return ['FRONT_SIDE', 'BACK_SIDE'];
}

/** One requirement item's upload: which document, which side(s), the asked metadata, the file(s), progress. */
export function DocumentUploader({
  accountId,
  item,
  itemTitle,
  countries,
}: {
  accountId: string;
  item: UploaderItem;
  itemTitle: string;
  countries: readonly CountryOption[];
}) {
  const t = useTranslations('onboarding');
  const failureSentence = useFailureSentence();
  const errorsT = useErrorsTranslator();
  const format = useFormatter();
  const router = useRouter();
  const baseId = useId();
  const [documentType, setDocumentType] = useState(item.startedDocumentType ?? item.documentTypes[0]);
  const [slots, setSlots] = useState<Record<string, Slot>>({});
  const [metadata, setMetadata] = useState<Record<string, string>>({});
  const [metadataError, setMetadataError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const uploads = useRef<Map<SlotId, UploadHandle>>(new Map());
  const sides = slotsFor(documentType, item.dueSide, item.startedDocumentType);
  const slot = (id: SlotId) => slots[`${documentType}:${id}`] ?? emptySlot();
  const setSlot = (id: SlotId, next: Partial<Slot>) =>
    setSlots((prev) => ({ ...prev, [`${documentType}:${id}`]: { ...(prev[`${documentType}:${id}`] ?? emptySlot()), ...next } }));
  const busy = sides.some((s) => slot(s).status === 'uploading');

  const docTitle = (type: string) => (t.has(`documents.${type}.title`) ? t(`documents.${type}.title`) : type);
  const fieldLabel = (key: string) => (t.has(`metadataFields.${key}`) ? t(`metadataFields.${key}`) : key);
  const mb = (bytes: number) => format.number(bytes / 1_000_000, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  // A refusal's code in the `errors` catalogue (the size limit named in MB); the service's own text for a code it lacks.
  const problemText = (code: string, sentence?: string | null, requestId?: string | null, values?: Record<string, string | number>) =>
    failureSentence({ code, sentence: sentence ?? errorsT('INVALID_UPLOAD'), values: { maxMb: MAX_MB, ...values }, requestId });

  async function pick(id: SlotId, file: File | undefined) {
    setMessage(null);
    if (!file) return;
    // Checked here, before anything is sent: the size and the first bytes. A refused file never leaves the browser.
    const check = await checkDocumentBlob(file);
    if (!check.ok) {
      setSlot(id, { file: null, status: 'invalid', problem: problemText(check.problem), key: crypto.randomUUID(), sent: 0, total: 0 });
      return;
    }
    setSlot(id, { file, status: 'ready', problem: null, key: crypto.randomUUID(), sent: 0, total: file.size });
  }

  function changeMetadata(key: string, value: string) {
    setMetadata((m) => ({ ...m, [key]: value }));
    // Different details are a different request: a retry with the old key would be refused as a conflict.
    setSlots((prev) => Object.fromEntries(Object.entries(prev).map(([k, s]) => [k, s.status === 'done' ? s : { ...s, key: crypto.randomUUID() }])));
  }

  async function send() {
    setMessage(null);
    setMetadataError(null);
    const missingField = item.requiredMetadata.find((k) => !metadata[k]?.trim());
    if (missingField) {
      setMetadataError(t('upload.missingMetadata', { field: fieldLabel(missingField) }));
      return;
    }
    const pending = sides.filter((s) => slot(s).status !== 'done');
    if (pending.some((s) => !slot(s).file)) {
      setMessage({ tone: 'error', text: t('upload.missingFile') });
      return;
    }
    for (const side of pending) {
      const current = slot(side);
      if (!current.file) continue;
      setSlot(side, { status: 'uploading', problem: null, sent: 0 });
      const handle = startUpload({
        accountId,
        key: current.key,
        file: current.file,
        meta: {
          documentType,
          ...(side !== 'SINGLE' ? { documentSubType: side } : {}),
          holder: { type: item.holder.type, referenceId: item.holder.referenceId },
          ...(item.requiredMetadata.length ? { metadata: Object.fromEntries(item.requiredMetadata.map((k) => [k, metadata[k].trim()])) } : {}),
        },
        onProgress: (sent, total) => setSlot(side, { sent, total }),
      });
      uploads.current.set(side, handle);
      const result = await handle.done;
      uploads.current.delete(side);
      if (!result.ok) {
        if (result.code === 'ABORTED') {
          // Same intent: sending it again reuses the key, so a copy the service did receive is not stored twice.
          setSlot(side, { status: 'ready', sent: 0 });
          setMessage({ tone: 'info', text: t('upload.cancelled') });
        } else {
          setSlot(side, { status: 'failed', problem: problemText(result.code, result.message, result.requestId, result.values) });
        }
        return;
      }
      setSlot(side, { status: 'done' });
    }
    setMessage({ tone: 'info', text: t('upload.done') });
    // The item moves to "pending verification" on the server: re-render the page's server components.
    router.refresh();
  }

  const radioName = `${baseId}-doc`;
  const sendLabel = sides.some((s) => slot(s).status === 'failed') ? t('upload.retry') : t('upload.send');
  return (
    <div className="mt-3 space-y-3 rounded-md border border-dashed border-border p-3" data-testid="uploader">
      {item.documentTypes.length > 1 ? (
        <fieldset>
          <legend className="text-sm font-medium text-fg">{t('upload.documentChoice')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {item.documentTypes.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="radio"
                  name={radioName}
                  value={type}
                  checked={documentType === type}
                  disabled={busy}
                  onChange={() => setDocumentType(type)}
                />
                {docTitle(type)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {item.requiredMetadata.map((key) => {
        const id = `${baseId}-meta-${key}`;
        return (
          <Field key={key} id={id} label={fieldLabel(key)} required error={metadataError && !metadata[key]?.trim() ? metadataError : undefined}>
            {key === 'country' ? (
              <CountrySelect
                options={countries}
                placeholder={t('upload.chooseCountry')}
                value={metadata[key] ?? ''}
                onChange={(e) => changeMetadata(key, e.target.value)}
                disabled={busy}
              />
            ) : (
              <Input value={metadata[key] ?? ''} onChange={(e) => changeMetadata(key, e.target.value)} disabled={busy} />
            )}
          </Field>
        );
      })}

      <div className={sides.length > 1 ? 'grid gap-3 md:grid-cols-2' : ''}>
        {sides.map((side) => (
          <FileSlot
            key={`${documentType}:${side}`}
            label={side === 'SINGLE' ? docTitle(documentType) : t('upload.sideOf', { document: docTitle(documentType), side: t(`sides.${side}`) })}
            // The item's title already names a single document; a choice or a side is worth repeating.
            showLabel={side !== 'SINGLE' || item.documentTypes.length > 1}
            slot={slot(side)}
            disabled={busy}
            onPick={(file) => void pick(side, file)}
            onCancel={() => uploads.current.get(side)?.abort()}
            onRemove={() => setSlot(side, { file: null, status: 'empty', problem: null, sent: 0 })}
            mb={mb}
          />
        ))}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" onClick={() => void send()} loading={busy} disabled={busy} aria-label={t('upload.sendFor', { action: sendLabel, item: itemTitle })}>
          {sendLabel}
        </Button>
      </div>
      <div aria-live="polite">
        {message ? <p className={message.tone === 'error' ? 'text-sm font-medium text-danger-text' : 'text-sm text-fg'}>{message.text}</p> : null}
      </div>
    </div>
  );
}

function FileSlot({
  label,
  showLabel,
  slot,
  disabled,
  onPick,
  onCancel,
  onRemove,
  mb,
}: {
  label: string;
  showLabel: boolean;
  slot: Slot;
  disabled: boolean;
  onPick: (file: File | undefined) => void;
  onCancel: () => void;
  onRemove: () => void;
  mb: (bytes: number) => string;
}) {
  const t = useTranslations('onboarding');
  // The server renders the uploaders into the page and their code comes after (lazy-controls.tsx): the picker waits
  // for hydration (`hydrated`), before which a file chosen would reach no handler.
  const { getRootProps, getInputProps, open, isDragActive, ready: hydrated } = useFilePicker({
    // Not `disabled` while uploading: react-dropzone would mark the root aria-disabled, which also disables the
    // Cancel button inside it for assistive technology. Drops during an upload are ignored here instead.
    onDrop: (accepted, rejected) => {
      if (!disabled) onPick(accepted[0] ?? rejected[0]?.file);
    },
    // A hint for the OS dialog only; the bytes are checked after picking (a renamed file still gets caught).
    accept: DOCUMENT_ACCEPT,
    // Anything is taken here and judged by its bytes, so a wrong file gets a sentence instead of silence.
    validator: () => null,
    useFsAccessApi: false,
  });
  const percent = slot.total > 0 ? Math.min(100, Math.round((slot.sent / slot.total) * 100)) : 0;
  const progressText = t('upload.progressValue', { sent: mb(slot.sent), total: mb(slot.total) });
  return (
    <div
      {...getRootProps({
        role: 'group',
        'aria-label': label,
        className: `rounded-md border p-3 ${isDragActive ? 'border-accent bg-accent-soft' : 'border-border'}`,
      })}
    >
      <input {...getInputProps()} aria-label={t('upload.chooseFor', { target: label })} data-testid="file-input" />
      {showLabel ? <p className="mb-1 text-sm font-medium text-fg">{label}</p> : null}
      {slot.file ? (
        <p className="text-sm break-all text-fg">{t('upload.chosen', { name: slot.file.name, size: mb(slot.file.size) })}</p>
      ) : (
        <p className="text-sm text-fg-muted">
          {t('upload.dropHere')}{' '}
          <button type="button" className="font-medium text-accent-text underline underline-offset-2" onClick={open} disabled={disabled || !hydrated}>
            {t('upload.choose')}
          </button>
        </p>
      )}
      {slot.status === 'uploading' ? (
        <div className="mt-2 space-y-1">
          <div
            role="progressbar"
            aria-label={t('upload.progress', { name: slot.file?.name ?? label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText}
            className="h-2 w-full overflow-hidden rounded bg-surface-muted"
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-fg-muted">{progressText}</span>
            <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
              {t('upload.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {slot.file && (slot.status === 'ready' || slot.status === 'failed') ? (
        <button type="button" className="mt-1 text-xs text-fg-muted underline" onClick={onRemove} disabled={disabled}>
          {t('upload.remove')}
        </button>
      ) : null}
      {slot.status === 'done' ? <p className="mt-1 text-xs text-fg-muted">{t('upload.sideSent')}</p> : null}
      {slot.problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger-text">
          {slot.problem}
        </p>
      ) : null}
    </div>
  );
}
