import { FileManager } from '../../features/files/components/file-manager.tsx';
import { SharedFilePage } from '../../features/research/routes/shared-file-page.tsx';

/**
 * sharedFile of subjects and directions (issue 10): the research page with the files feature's
 * manager, joined here because a feature imports no other.
 */
export default function ResearchSharedFilePage() {
  return <SharedFilePage FileManager={FileManager} />;
}
