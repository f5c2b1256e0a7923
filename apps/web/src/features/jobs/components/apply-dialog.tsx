import type { Job } from '@mathbridge/contracts/jobs';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { ApplyModal } from './apply-modal.tsx';

/**
 * The apply dialog as the public job page loads it, on first use: with the query client it needs
 * (the public page has none), so neither the dialog nor the query library is in a visitor's first load.
 */
export default function ApplyDialog({
  job,
  onClose,
  onApplied,
}: {
  job: Job;
  onClose: () => void;
  onApplied: () => void;
}) {
  return (
    <QueryProvider>
      <ApplyModal job={job} open onClose={onClose} onApplied={onApplied} />
    </QueryProvider>
  );
}
