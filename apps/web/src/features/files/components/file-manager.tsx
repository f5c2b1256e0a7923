import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  FolderAddOutlined,
  HomeOutlined,
  RestOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Modal } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GENERAL_MAX_UPLOAD_BYTES } from '@mathbridge/contracts/constants';
import { TRASH_RETENTION_DAYS, type FileNode } from '@mathbridge/contracts/files';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useBatchDownload } from '../api/batch-download.ts';
import { useDeleteNodes } from '../api/delete-nodes.ts';
import { useFolder, type FolderParams } from '../api/get-folder.ts';
import { invalidateFiles } from '../api/query-keys.ts';
import '../i18n/strings.ts';
import { FileTable, EmptyFolder, type FileRowActions } from './file-table.tsx';
import { FolderTree } from './folder-tree.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { ImagePreview } from './image-preview.tsx';
import { MoveModal, type MoveRequest } from './move-modal.tsx';
import { NameModal, type NameModalState } from './name-modal.tsx';
import { QuotaBar } from './quota-bar.tsx';
import { TrashView } from './trash-view.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { precheck, UploadQueue, type Rejected } from './upload-queue.ts';
import './file-manager.css';

export interface FileManagerProps {
  /** The space to show (GET upload/spaces lists the caller's). */
  spaceId: number;
  /** What the space's top folder is called on screen ("My files", "Shared templates", a subject's name). */
  rootLabel: string;
}

const DEFAULT_PARAMS: FolderParams = { page: 1, pageSize: 20, sort: 'name', order: 'asc' };

function parseId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const isActive = (status: string) => status === 'waiting' || status === 'uploading' || status === 'processing';

/**
 * The file manager of one space (issue 4): folder tree, breadcrumb and list; upload by button or
 * drag and drop with a progress bar per file; new folder, rename, move, delete to the trash and
 * back; batch download as a zip; image and PDF preview; the quota. The folder and the trash view
 * live in the URL (`?folder=`, `?view=trash`), so back/forward and reload keep the place.
 * What the caller may change follows the space role and each item's `editable` flag; the server
 * checks both again.
 */
export function FileManager({ spaceId, rootLabel }: FileManagerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [search, setSearch] = useSearchParams();
  const folderId = parseId(search.get('folder'));
  const wantsTrash = search.get('view') === 'trash';

  // Paging and order belong to a folder: opening another starts at its first page.
  const [listState, setListState] = useState<{ folderId: number | undefined; params: FolderParams }>({
    folderId,
    params: DEFAULT_PARAMS,
  });
  const params = listState.folderId === folderId ? listState.params : { ...listState.params, page: 1 };
  const folder = useFolder(spaceId, folderId, params);
  const data = folder.data;
  const space = data?.space;
  const canWrite = space !== undefined && space.role !== 'read';
  const view = wantsTrash && canWrite ? 'trash' : 'files';
  const rootId = space?.root_id;
  const currentId = data?.folder.id;
  const atRoot = data ? data.path.length <= 1 : folderId === undefined;
  const currentName = atRoot || !data ? rootLabel : data.folder.name;
  const items = data?.items ?? [];

  // A selection belongs to the folder page it was made on.
  const pageKey = `${folderId ?? 'root'}:${params.page}:${params.sort}:${params.order}`;
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: pageKey, ids: [] });
  const selectedIds =
    selection.key === pageKey ? selection.ids.filter((id) => items.some((item) => item.id === id)) : [];
  const selectedNodes = items.filter((item) => selectedIds.includes(item.id));
  const clearSelection = () => setSelection({ key: pageKey, ids: [] });

  // The tree opens the folders on the way to the one shown (also after a reload deep inside).
  const [expanded, setExpanded] = useState<number[]>([]);
  const pathKey = data?.path.map((step) => step.id).join('/') ?? '';
  const [openedPath, setOpenedPath] = useState('');
  if (pathKey && pathKey !== openedPath) {
    setOpenedPath(pathKey);
    setExpanded((open) => [...new Set([...open, ...(data?.path.map((step) => step.id) ?? [])])]);
  }

  const [naming, setNaming] = useState<NameModalState>(null);
  const [moving, setMoving] = useState<MoveRequest | null>(null);
  const [previewing, setPreviewing] = useState<FileNode | null>(null);
  const remove = useDeleteNodes();
  const batch = useBatchDownload();

  const [queue] = useState(() => new UploadQueue(() => void invalidateFiles(queryClient)));
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const uploading = uploads.some((item) => isActive(item.status));
  // Leaving the page would cancel the uploads in flight: ask first, and cancel them if the user goes.
  useUnsavedChanges(uploading);
  useEffect(() => () => queue.cancelAll(), [queue]);

  const fileInput = useRef<HTMLInputElement>(null);
  const [dragDepth, setDragDepth] = useState(0);
  const fmt = (bytes: number) => formatBytes(bytes, locale);

  const goTo = (next: { folder?: number; trash?: boolean }) => {
    setSearch((previous) => {
      const out = new URLSearchParams(previous);
      if (next.folder && next.folder !== rootId) out.set('folder', String(next.folder));
      else out.delete('folder');
      if (next.trash) out.set('view', 'trash');
      else out.delete('view');
      return out;
    });
  };
  const searchFor = (id: number) => {
    const out = new URLSearchParams(search);
    out.delete('view');
    if (id === rootId) out.delete('folder');
    else out.set('folder', String(id));
    const text = out.toString();
    return text ? `?${text}` : '?';
  };

  const enqueue = (files: File[], rejected: Rejected[] = []) => {
    if (!space) return;
    const target = { spaceId, parentId: currentId, folderName: currentName };
    if (rejected.length) queue.reject(rejected, target);
    if (files.length) queue.add(files, target, (file, reserved) => precheck(file, space.quota, reserved, fmt));
  };

  const hasFiles = (event: DragEvent) => canWrite && view === 'files' && event.dataTransfer.types.includes('Files');
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragDepth(0);
    const files: File[] = [];
    const rejected: Rejected[] = [];
    for (const item of Array.from(event.dataTransfer.items)) {
      if (item.kind !== 'file') continue;
      const entry = item.webkitGetAsEntry?.();
      const file = item.getAsFile();
      if (entry?.isDirectory) rejected.push({ name: entry.name, error: { key: 'files.upload.folderNotAllowed' } });
      else if (file) files.push(file);
    }
    enqueue(files, rejected);
  };

  const confirmDelete = (nodes: FileNode[]) => {
    if (nodes.length === 0) return;
    const only = nodes.length === 1 ? nodes[0] : undefined;
    const hasFolder = nodes.some((node) => node.type === 'dir');
    void modal.confirm({
      title: only
        ? t('files.deleteConfirm.titleOne', { name: only.name })
        : t('files.deleteConfirm.title', { count: nodes.length }),
      content: t(hasFolder ? 'files.deleteConfirm.contentFolder' : 'files.deleteConfirm.content', {
        days: TRASH_RETENTION_DAYS,
      }),
      okText: t('files.deleteConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(nodes.map((node) => node.id));
          notify.success(t('files.deleteConfirm.done'));
          clearSelection();
        } catch {
          // Reported by the API client.
        }
      },
    });
  };

  const downloadZip = (nodes: FileNode[]) => {
    if (nodes.length === 0) return;
    // One folder downloads under its own name; a mixed selection under the current folder's.
    const name = nodes.length === 1 ? nodes[0]?.name : atRoot ? t('files.download.zipName') : currentName;
    batch.mutate({ ids: nodes.map((node) => node.id), name });
  };

  const actions: FileRowActions = {
    open: (node) => goTo({ folder: node.id }),
    preview: (node) => setPreviewing(node),
    download: (node) => {
      if (node.type === 'dir') downloadZip([node]);
      else if (node.download_url) window.location.assign(node.download_url);
    },
    rename: (node) => setNaming({ mode: 'rename', node }),
    move: (nodes) =>
      currentId !== undefined &&
      setMoving({ nodes, fromId: currentId, openPath: data?.path.map((step) => step.id) ?? [] }),
    remove: confirmDelete,
  };

  const allEditable = selectedNodes.length > 0 && selectedNodes.every((node) => node.editable);
  const count = selectedNodes.length;

  // In the trash: "<root> / Trash"; in a folder: the path from the root, the last step current.
  const steps: { id: number; label: ReactNode; current: boolean }[] =
    view === 'trash'
      ? [
          { id: rootId ?? 0, label: rootLabel, current: false },
          { id: -1, label: t('files.trash.title'), current: true },
        ]
      : (data?.path ?? [{ id: rootId ?? 0, name: rootLabel }]).map((step, index, path) => ({
          id: step.id,
          label: index === 0 ? rootLabel : step.name,
          current: index === path.length - 1,
        }));
  const breadcrumb = (
    <nav aria-label={t('files.breadcrumb.label')} className="mb-file-breadcrumb">
      <Breadcrumb
        items={steps.map((step, index) => {
          const label = (
            <>
              {index === 0 && <HomeOutlined aria-hidden />} {step.label}
            </>
          );
          return {
            key: step.id,
            title: step.current ? (
              <span aria-current="page">{label}</span>
            ) : (
              <Link to={{ search: searchFor(step.id) }}>{label}</Link>
            ),
          };
        })}
      />
    </nav>
  );

  return (
    <div className="mb-file-manager">
      {modalHolder}
      <div className="mb-file-top">
        {breadcrumb}
        {/* Storage is the publishers' concern; readers only download. */}
        {space && canWrite && <QuotaBar quota={space.quota} />}
      </div>

      {view === 'trash' ? (
        <>
          <UploadPanel queue={queue} />
          <TrashView spaceId={spaceId} rootLabel={rootLabel} onBack={() => goTo({ folder: currentId })} modal={modal} />
        </>
      ) : (
        <>
          <div className="mb-file-toolbar" role="toolbar" aria-label={t('files.toolbar.label')}>
            {canWrite && (
              <>
                <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => fileInput.current?.click()}>
                  {t('files.toolbar.upload')}
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  multiple
                  hidden
                  data-testid="file-upload-input"
                  onChange={(event) => {
                    enqueue(Array.from(event.target.files ?? []));
                    // The same file may be chosen again (after fixing it, or to upload a copy).
                    event.target.value = '';
                  }}
                />
                <Button
                  icon={<FolderAddOutlined aria-hidden />}
                  onClick={() => setNaming({ mode: 'create', spaceId, parentId: currentId })}
                >
                  {t('files.toolbar.newFolder')}
                </Button>
                <span className="mb-toolbar-sep" aria-hidden />
              </>
            )}
            <Button
              icon={<DownloadOutlined aria-hidden />}
              disabled={count === 0}
              loading={batch.isPending}
              onClick={() => downloadZip(selectedNodes)}
            >
              {count ? t('files.toolbar.downloadCount', { count }) : t('files.toolbar.download')}
            </Button>
            {canWrite && (
              <>
                <Button
                  icon={<DragOutlined aria-hidden />}
                  disabled={!allEditable}
                  onClick={() => actions.move(selectedNodes)}
                >
                  {count ? t('files.toolbar.moveCount', { count }) : t('files.toolbar.move')}
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  disabled={!allEditable}
                  onClick={() => confirmDelete(selectedNodes)}
                >
                  {count ? t('files.toolbar.deleteCount', { count }) : t('files.toolbar.delete')}
                </Button>
                <span className="mb-toolbar-spacer" />
                <Button icon={<RestOutlined aria-hidden />} onClick={() => goTo({ folder: currentId, trash: true })}>
                  {t('files.toolbar.trash')}
                </Button>
              </>
            )}
          </div>

          <UploadPanel queue={queue} />

          <div
            className="mb-file-body"
            onDragEnter={(event) => {
              if (!hasFiles(event)) return;
              event.preventDefault();
              setDragDepth((depth) => depth + 1);
            }}
            onDragOver={(event) => {
              if (!hasFiles(event)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'copy';
            }}
            onDragLeave={(event) => {
              if (!hasFiles(event)) return;
              setDragDepth((depth) => Math.max(0, depth - 1));
            }}
            onDrop={onDrop}
          >
            <aside className="mb-file-tree-pane">
              {rootId !== undefined && currentId !== undefined && (
                <FolderTree
                  spaceId={spaceId}
                  rootId={rootId}
                  rootLabel={rootLabel}
                  selectedId={currentId}
                  onSelect={(id) => goTo({ folder: id })}
                  expanded={expanded}
                  onExpandedChange={setExpanded}
                  ariaLabel={t('files.tree.label')}
                />
              )}
            </aside>
            <div className="mb-file-list">
              {folder.isError && !data ? (
                <LoadError onRetry={() => void folder.refetch()} />
              ) : (
                <FileTable
                  items={items}
                  total={data?.total ?? 0}
                  loading={folder.isPending || folder.isPlaceholderData}
                  params={params}
                  onParamsChange={(next) => setListState({ folderId, params: next })}
                  selected={selectedIds}
                  onSelectedChange={(ids) => setSelection({ key: pageKey, ids })}
                  actions={actions}
                  canWrite={canWrite}
                  empty={<EmptyFolder canWrite={canWrite} />}
                />
              )}
            </div>
            {dragDepth > 0 && (
              <div className="mb-drop-overlay" aria-hidden>
                <CloudUploadOutlined className="mb-drop-icon" style={{ fontSize: 40 }} />
                <strong>{t('files.upload.dropHere', { folder: currentName })}</strong>
                <span>{t('files.upload.dropHint', { size: fmt(GENERAL_MAX_UPLOAD_BYTES) })}</span>
              </div>
            )}
          </div>
        </>
      )}

      <NameModal state={naming} onClose={() => setNaming(null)} />
      {rootId !== undefined && (
        <MoveModal
          request={moving}
          spaceId={spaceId}
          rootId={rootId}
          rootLabel={rootLabel}
          onClose={() => setMoving(null)}
          onMoved={clearSelection}
        />
      )}
      <ImagePreview node={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
