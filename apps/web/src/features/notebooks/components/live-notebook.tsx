import { useState, type ReactNode } from 'react';
import type { KernelInfo, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { api } from '../../../lib/api-client.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { withCellIds } from '../lib/cells.ts';
import { canRunCode } from '../lib/kernel-access.ts';
import { KernelNotice } from './kernel-notice.tsx';
import { NotebookWorkbench } from './notebook-workbench.tsx';

/**
 * Run mode (issue 12): a signed-in reader runs a notebook live (/tryit, a delivered notebook, the
 * achievement area's "run it") without saving it, once kernelInfo's `access` allows them (by
 * default, a certified identity); `toolbarExtra` gets the current document, e.g. for "save a
 * copy". Loaded lazily by those pages, so readers who only look never load it.
 */
export default function LiveNotebook({
  initial,
  toolbarExtra,
}: {
  initial: NotebookDocument;
  toolbarExtra?: (document: NotebookDocument) => ReactNode;
}) {
  const [document, setDocument] = useState(() => withCellIds(structuredClone(initial)));
  const info = usePublicQuery<KernelInfo>('kernelInfo', (signal) =>
    api.get<KernelInfo>('notebook/kernelInfo', {}, { signal, reportErrors: false }),
  );
  return (
    <NotebookWorkbench
      document={document}
      setDocument={setDocument}
      mode="run"
      runnable={canRunCode(info.data)}
      notice={<KernelNotice info={info.data} failed={info.isError} />}
      toolbarExtra={toolbarExtra?.(document)}
    />
  );
}
