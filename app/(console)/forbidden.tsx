import { StatusPanel } from '@/components/shell/status-panel';

// forbidden() from a console page (e.g. after a client-side navigation): the shell stays around the message.
export default function ConsoleForbidden() {
  return (
    <div className="py-10">
      <StatusPanel code="403" title="You don’t have access to this page">
        Your role does not include this section. If you need it for your work, ask a company admin to change your role.
      </StatusPanel>
    </div>
  );
}
