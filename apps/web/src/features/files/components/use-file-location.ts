import { useSearchParams } from 'react-router';

function parseId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The folder and the view shown live in the URL (`?folder=`, `?view=trash`), so back/forward and
 * reload keep the place. The space's top folder is the URL without `folder`.
 */
export function useFileLocation() {
  const [search, setSearch] = useSearchParams();
  const goTo = (next: { folder?: number; trash?: boolean }, rootId: number | undefined) =>
    setSearch((previous) => {
      const out = new URLSearchParams(previous);
      if (next.folder && next.folder !== rootId) out.set('folder', String(next.folder));
      else out.delete('folder');
      if (next.trash) out.set('view', 'trash');
      else out.delete('view');
      return out;
    });
  return { folderId: parseId(search.get('folder')), wantsTrash: search.get('view') === 'trash', goTo };
}
