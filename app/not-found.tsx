import type { Metadata } from 'next';
import { StatusPage } from '@/components/shell/status-page';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <StatusPage code="404" title="Page not found">
      The page you asked for does not exist or has moved. Check the address, or start again from the Overview.
    </StatusPage>
  );
}
