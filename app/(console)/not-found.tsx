import { StatusPanel } from '@/components/shell/status-panel';

// notFound() from a console page (an unknown account id, say): the shell stays around the message.
export default function ConsoleNotFound() {
  return (
    <div className="py-10">
      <StatusPanel code="404" title="Not found">
        What you are looking for does not exist, or it is not visible to your company. Check the link, or go back to the list.
      </StatusPanel>
    </div>
  );
}
