import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERAL_MAX_UPLOAD_BYTES } from '@mathbridge/contracts/constants';
import type { FileNode } from '@mathbridge/contracts/files';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useFolder, type FolderParams } from '../api/get-folder.ts';
import { FileBreadcrumb } from './file-breadcrumb.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import { FileTable, EmptyFolder, type FileRowActions } from './file-table.tsx';
import { FileToolbar } from './file-toolbar.tsx';
import { FolderTree } from './folder-tree.tsx';
import { ImagePreview } from './image-preview.tsx';
import { MoveModal, type MoveRequest } from './move-modal.tsx';
import { NameModal, type NameModalState } from './name-modal.tsx';
import { QuotaBar } from './quota-bar.tsx';
import { TrashView } from './trash-view.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { precheck, type Rejected } from './upload-queue.ts';
import { useFileCommands } from './use-file-commands.ts';
import { useFileLocation } from './use-file-location.ts';
import { useExpandedPath, usePageSelection } from './use-folder-state.ts';
import { useUploadQueue } from './use-upload-queue.ts';
import './file-manager.css';

export interface FileManagerProps {
  /** The space to show (GET upload/spaces lists the caller's). */
  spaceId: number;
  /** What the space's top folder is called on screen ("My files", "Shared templates", a subject's name). */
  rootLabel: string;
}

const DEFAULT_PARAMS: FolderParams = { page: 1, pageSize: 20, sort: 'name', order: 'asc' };

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
  const [modal, modalHolder] = Modal.useModal();
  const { folderId, wantsTrash, goTo } = useFileLocation();

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

  const selection = usePageSelection(`${folderId ?? 'root'}:${params.page}:${params.sort}:${params.order}`, items);
  const [expanded, setExpanded] = useExpandedPath(data?.path);

  const [naming, setNaming] = useState<NameModalState>(null);
  const [moving, setMoving] = useState<MoveRequest | null>(null);
  const [previewing, setPreviewing] = useState<FileNode | null>(null);
  const commands = useFileCommands({ modal, atRoot, currentName, onDeleted: selection.clear });

  const queue = useUploadQueue();

  const fmt = (bytes: number) => formatBytes(bytes, locale);

  const enqueue = (files: File[], rejected: Rejected[] = []) => {
    if (!space) return;
    const target = { spaceId, parentId: currentId, folderName: currentName };
    if (rejected.length) queue.reject(rejected, target);
    if (files.length) queue.add(files, target, (file, reserved) => precheck(file, space.quota, reserved, fmt));
  };

  const actions: FileRowActions = {
    open: (node) => goTo({ folder: node.id }, rootId),
    preview: (node) => setPreviewing(node),
    download: (node) => {
      if (node.type === 'dir') commands.downloadZip([node]);
      else if (node.download_url) window.location.assign(node.download_url);
    },
    rename: (node) => setNaming({ mode: 'rename', node }),
    move: (nodes) =>
      currentId !== undefined &&
      setMoving({ nodes, fromId: currentId, openPath: data?.path.map((step) => step.id) ?? [] }),
    remove: commands.confirmDelete,
  };

  return (
    <div className="mb-file-manager">
      {modalHolder}
      <div className="mb-file-top">
        <FileBreadcrumb path={data?.path} rootId={rootId} rootLabel={rootLabel} trash={view === 'trash'} />
        {/* Storage is the publishers' concern; readers only download. */}
        {space && canWrite && <QuotaBar quota={space.quota} />}
      </div>

      {view === 'trash' ? (
        <>
          <UploadPanel queue={queue} />
          <TrashView
            spaceId={spaceId}
            rootLabel={rootLabel}
            onBack={() => goTo({ folder: currentId }, rootId)}
            modal={modal}
          />
        </>
      ) : (
        <>
          <FileToolbar
            canWrite={canWrite}
            count={selection.nodes.length}
            allEditable={selection.nodes.length > 0 && selection.nodes.every((node) => node.editable)}
            downloading={commands.downloading}
            onUpload={(files) => enqueue(files)}
            onNewFolder={() => setNaming({ mode: 'create', spaceId, parentId: currentId })}
            onDownload={() => commands.downloadZip(selection.nodes)}
            onMove={() => actions.move(selection.nodes)}
            onDelete={() => commands.confirmDelete(selection.nodes)}
            onTrash={() => goTo({ folder: currentId, trash: true }, rootId)}
          />

          <UploadPanel queue={queue} />

          <FileDropZone
            enabled={canWrite && view === 'files'}
            folderName={currentName}
            maxSize={formatBytes(GENERAL_MAX_UPLOAD_BYTES, locale)}
            onDrop={enqueue}
          >
            <aside className="mb-file-tree-pane">
              {rootId !== undefined && currentId !== undefined && (
                <FolderTree
                  spaceId={spaceId}
                  rootId={rootId}
                  rootLabel={rootLabel}
                  selectedId={currentId}
                  onSelect={(id) => goTo({ folder: id }, rootId)}
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
                  selected={selection.ids}
                  onSelectedChange={selection.select}
                  actions={actions}
                  canWrite={canWrite}
                  empty={<EmptyFolder canWrite={canWrite} />}
                />
              )}
            </div>
          </FileDropZone>
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
          onMoved={selection.clear}
        />
      )}
      <ImagePreview node={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
