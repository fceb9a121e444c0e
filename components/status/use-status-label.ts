import { useTranslations } from 'next-intl';
import { statusLabel } from './status-tone';

/**
 * The reader's word for a service status (namespace `status`, key = the contract's value). The contract leaves most
 * enums open, so a value the catalogue does not know yet is shown humanised (`NEW_THING` → `New thing`).
 * Server components, and client components anywhere (the root provider carries `status`).
 */
export function useStatusLabel(): (status: string) => string {
  const t = useTranslations('status');
  return (status) => (t.has(status) ? t(status) : statusLabel(status));
}
