import type { Metadata } from 'next';
import { StatusPage } from '@/components/shell/status-page';

export const metadata: Metadata = { title: 'No access' };

export default function Forbidden() {
  return (
    <StatusPage code="403" title="You don’t have access to this page">
      Your role does not include this section. If you need it for your work, ask a company admin to change your role.
    </StatusPage>
  );
}
