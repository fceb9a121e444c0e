import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertTone = 'error' | 'info' | 'success' | 'warning';

const tones: Record<AlertTone, string> = {
  error: 'border-tone-danger-ring bg-tone-danger-bg text-tone-danger-fg',
  info: 'border-tone-info-ring bg-tone-info-bg text-tone-info-fg',
  success: 'border-tone-success-ring bg-tone-success-bg text-tone-success-fg',
  warning: 'border-tone-warning-ring bg-tone-warning-bg text-tone-warning-fg',
};

const icons: Record<AlertTone, string> = {
  error: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z',
  info: 'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z',
  success: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z',
  warning: 'M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
};

/**
 * A message box. Errors use role="alert" so they are announced when they appear; `requestId` is shown so
 * a user can quote it to support.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  requestId,
  action,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  requestId?: string | null;
  action?: ReactNode;
  className?: string;
}) {
  const t = useTranslations('common');
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path fillRule="evenodd" clipRule="evenodd" d={icons[tone]} />
      </svg>
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
        {requestId ? (
          <p className="text-xs opacity-90">
            {t('requestId')} <code className="font-mono select-all">{requestId}</code>
          </p>
        ) : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
