'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { CsvDialectSelect } from '@/components/forms/csv-dialect-select';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Button } from '@/components/ui/button';
import { attachmentFileName, csvRecordCounter, dataRows } from '@/lib/domain/operations/csv-progress';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number }
  | { phase: 'done'; rows: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

/** Minimum time between two progress renders: a fast export must not re-render once per chunk. */
const PROGRESS_EVERY_MS = 200;

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled (revoking at once can cancel the download in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Export CSV": streams `GET /api/operations/export` (every operation matching the list's filters, walked page by
 * page on the server) and counts the rows as they arrive, so a long export shows how far it got and can be
 * cancelled; the file is saved when the last row is in. A broken stream saves nothing (never a silently short
 * file). The file is the bytes the server sent, untouched: decoding them to text and saving that again dropped the
 * byte-order mark Excel needs to read UTF-8. The layout (standard or pt-BR spreadsheet) is an explicit choice.
 */
export function ExportButton({ href }: { href: string }) {
  const t = useTranslations('operations.export');
  const failureSentence = useFailureSentence();
  const [dialect, setDialect] = useState('standard');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', rows: 0 });
    try {
      const url = dialect === 'standard' ? href : `${href}${href.includes('?') ? '&' : '?'}dialect=${encodeURIComponent(dialect)}`;
      const res = await fetch(url, { signal: abort.signal, headers: { Accept: 'text/csv' } });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as { code?: string; sentence?: string; values?: Record<string, string | number>; requestId?: string } | null;
        setState({
          phase: 'failed',
          message: t('failed', {
            sentence: failureSentence({ code: body?.code ?? 'INTERNAL', sentence: body?.sentence ?? `HTTP ${res.status}`, values: body?.values, requestId: body?.requestId }),
          }),
        });
        return;
      }
      const reader = res.body.getReader();
      // Text only to count records; the saved parts are the raw bytes.
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      const counter = csvRecordCounter();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let shown = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        const records = counter.push(decoder.decode(value, { stream: true }));
        if (Date.now() - shown >= PROGRESS_EVERY_MS) {
          shown = Date.now();
          setState({ phase: 'running', rows: dataRows(records) });
        }
      }
      counter.push(decoder.decode());
      const rows = dataRows(counter.finish());
      saveFile(new Blob(parts, { type: 'text/csv;charset=utf-8' }), attachmentFileName(res.headers.get('Content-Disposition'), 'operations.csv'));
      setState({ phase: 'done', rows });
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'cancelled' });
      else setState({ phase: 'failed', message: t('interrupted') });
      void error;
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const running = state.phase === 'running';
  return (
    <div className="flex flex-col items-stretch gap-1 sm:items-end">
      <div className="flex flex-wrap items-end gap-2 sm:justify-end">
        <CsvDialectSelect
          id="operations-csv-dialect"
          labels={{ label: t('format'), standard: t('formatStandard'), 'pt-BR': t('formatPtBR') }}
          value={dialect}
          onChange={(e) => setDialect(e.target.value)}
          disabled={running}
        />
        {running ? (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            {t('cancel')}
          </Button>
        ) : null}
        <Button variant="secondary" loading={running} onClick={run} title={t('hint')} data-testid="export-csv">
          {t('button')}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-xs text-fg-muted" data-testid="export-status" data-phase={state.phase}>
        {state.phase === 'running'
          ? state.rows === 0
            ? t('preparing')
            : t('progress', { rows: state.rows })
          : state.phase === 'done'
            ? t('done', { rows: state.rows })
            : state.phase === 'cancelled'
              ? t('cancelled')
              : state.phase === 'failed'
                ? state.message
                : null}
      </p>
    </div>
  );
}
