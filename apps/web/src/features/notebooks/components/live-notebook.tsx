import { useState, type ReactNode } from 'react';
import type { NotebookDocument } from '@mathbridge/contracts/notebooks';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useKernelCheck } from '../api/notebooks.ts';
import { withCellIds } from '../lib/cells.ts';
import { canRunCode } from '../lib/kernel-access.ts';
import { KernelNotice } from './kernel-notice.tsx';
import { NotebookWorkbench } from './notebook-workbench.tsx';

interface LiveNotebookProps {
  initial: NotebookDocument;
  toolbarExtra?: (document: NotebookDocument) => ReactNode;
}

/**
 * Run mode (issue 12): a signed-in reader runs a notebook live (/tryit, a delivered notebook, the
 * achievement area's "run it") without saving it, once kernelInfo's `access` allows them (by
 * default, a certified identity); `toolbarExtra` gets the current document, e.g. for "save a
 * copy". Loaded lazily by those pages, so readers who only look never load it, nor the query
 * library its availability check runs on (retries, recheck on return: api/notebooks.ts).
 */
export default function LiveNotebook(props: LiveNotebookProps) {
  return (
    <QueryProvider>
      <RunMode {...props} />
    </QueryProvider>
  );
}

function RunMode({ initial, toolbarExtra }: LiveNotebookProps) {
  const [document, setDocument] = useState(() => withCellIds(structuredClone(initial)));
  const check = useKernelCheck();
  return (
    <NotebookWorkbench
      document={document}
      setDocument={setDocument}
      mode="run"
      runnable={canRunCode(check.info)}
      recheck={check.failure ? check.recheck : undefined}
      notice={<KernelNotice check={check} />}
      toolbarExtra={toolbarExtra?.(document)}
    />
  );
}
