import type { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRASH_RETENTION_DAYS, type FileNode } from '@mathbridge/contracts/files';
import { notify } from '../../../lib/notify.ts';
import { useBatchDownload } from '../api/batch-download.ts';
import { useDeleteNodes } from '../api/delete-nodes.ts';

interface FileCommandsOptions {
  /** The file manager's modal hook (confirm dialogs in its theme and locale). */
  modal: ReturnType<typeof Modal.useModal>[0];
  /** The folder shown: a mixed selection downloads under its name (the space's at the top). */
  atRoot: boolean;
  currentName: string;
  onDeleted: () => void;
}

/** Delete to the trash (after asking) and download as a zip, for one item or a selection. */
export function useFileCommands({ modal, atRoot, currentName, onDeleted }: FileCommandsOptions) {
  const { t } = useTranslation();
  const remove = useDeleteNodes();
  const batch = useBatchDownload();

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
          onDeleted();
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

  return { confirmDelete, downloadZip, downloading: batch.isPending };
}
