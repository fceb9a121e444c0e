import { useEnumLabel } from '@/components/i18n/use-enum-label';

/**
 * The reader's word for a service status (namespace `status`, key = the contract's value); an unknown status is
 * shown humanised. Server components, and client components anywhere (the root provider carries `status`).
 */
export function useStatusLabel(): (status: string) => string {
  return useEnumLabel('status');
}
