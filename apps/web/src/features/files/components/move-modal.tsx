import { CheckCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileNode } from '@mathbridge/contracts/files';
import { notify } from '../../../lib/notify.ts';
import { useMoveNodes } from '../api/move-nodes.ts';
import { FolderTree } from './folder-tree.tsx';

export interface MoveRequest {
  nodes: FileNode[];
  /** The folder they are in now (every row of a listing shares it). */
  fromId: number;
  /** Folders from the root to `fromId`, opened in the picker at the start. */
  openPath: number[];
}

interface MoveModalProps {
  request: MoveRequest | null;
  spaceId: number;
  rootId: number;
  rootLabel: string;
  onClose: () => void;
  onMoved: () => void;
}

/** The folder picker of "move": the space's folders, minus the moved folders and what is inside them. */
export function MoveModal({ request, ...props }: MoveModalProps) {
  // A fresh picker per request: its choice and opened folders start from where the files are.
  return request ? <MovePicker key={request.nodes.map((n) => n.id).join(',')} request={request} {...props} /> : null;
}

function MovePicker({
  request,
  spaceId,
  rootId,
  rootLabel,
  onClose,
  onMoved,
}: MoveModalProps & { request: MoveRequest }) {
  const { t } = useTranslation();
  const move = useMoveNodes();
  const [target, setTarget] = useState<{ id: number; name: string }>({ id: request.fromId, name: '' });
  const [expanded, setExpanded] = useState<number[]>(request.openPath);
  const disabled = new Set(request.nodes.filter((node) => node.type === 'dir').map((node) => node.id));
  const same = target.id === request.fromId;
  const only = request.nodes.length === 1 ? request.nodes[0] : undefined;

  const submit = async () => {
    try {
      await move.mutateAsync({ ids: request.nodes.map((node) => node.id), targetId: target.id });
      notify.success(t('files.move.moved', { folder: target.name || rootLabel }));
      onMoved();
      onClose();
    } catch {
      // The API client has already said why (e.g. a name clash in the target folder).
    }
  };

  return (
    <Modal
      open
      title={
        only ? t('files.move.titleOne', { name: only.name }) : t('files.move.title', { count: request.nodes.length })
      }
      okText={t('files.move.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: same }}
      confirmLoading={move.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p className="mb-muted">{t('files.move.hint')}</p>
      <div className="mb-move-tree">
        <FolderTree
          spaceId={spaceId}
          rootId={rootId}
          rootLabel={rootLabel}
          selectedId={target.id}
          onSelect={(id, name) => setTarget({ id, name: id === rootId ? rootLabel : name })}
          expanded={expanded}
          onExpandedChange={setExpanded}
          disabledIds={disabled}
          ariaLabel={t('files.tree.label')}
        />
      </div>
      {/* Plain text rather than antd's Alert: one line does not justify another component chunk. */}
      <p className={same ? 'mb-move-note' : 'mb-move-note mb-move-note-ok'} role="status">
        {same ? <InfoCircleFilled aria-hidden /> : <CheckCircleFilled aria-hidden />}{' '}
        {same ? t('files.move.sameFolder') : t('files.move.target', { folder: target.name || rootLabel })}
      </p>
    </Modal>
  );
}
