import { useState } from 'react';
import type { FileNode } from '@mathbridge/contracts/files';

/** The selected items; a selection belongs to the folder page (`pageKey`) it was made on. */
export function usePageSelection(pageKey: string, items: readonly FileNode[]) {
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: pageKey, ids: [] });
  const ids = selection.key === pageKey ? selection.ids.filter((id) => items.some((item) => item.id === id)) : [];
  return {
    ids,
    nodes: items.filter((item) => ids.includes(item.id)),
    select: (next: number[]) => setSelection({ key: pageKey, ids: next }),
    clear: () => setSelection({ key: pageKey, ids: [] }),
  };
}

/** The tree's open folders: those on the way to the one shown open by themselves (also after a reload deep inside). */
export function useExpandedPath(path: readonly { id: number }[] | undefined) {
  const [expanded, setExpanded] = useState<number[]>([]);
  const pathKey = path?.map((step) => step.id).join('/') ?? '';
  const [openedPath, setOpenedPath] = useState('');
  if (pathKey && pathKey !== openedPath) {
    setOpenedPath(pathKey);
    setExpanded((open) => [...new Set([...open, ...(path?.map((step) => step.id) ?? [])])]);
  }
  return [expanded, setExpanded] as const;
}
