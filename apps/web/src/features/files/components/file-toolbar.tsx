import {
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  FolderAddOutlined,
  RestOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface FileToolbarProps {
  /** Upload, new folder, move, delete and the trash are for those who may write. */
  canWrite: boolean;
  /** How many items are selected, and whether all of them may be changed. */
  count: number;
  allEditable: boolean;
  downloading: boolean;
  onUpload: (files: File[]) => void;
  onNewFolder: () => void;
  onDownload: () => void;
  onMove: () => void;
  onDelete: () => void;
  onTrash: () => void;
}

/** The actions on the folder shown and on the selection. */
export function FileToolbar(props: FileToolbarProps) {
  const { canWrite, count, allEditable } = props;
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
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
              props.onUpload(Array.from(event.target.files ?? []));
              // The same file may be chosen again (after fixing it, or to upload a copy).
              event.target.value = '';
            }}
          />
          <Button icon={<FolderAddOutlined aria-hidden />} onClick={props.onNewFolder}>
            {t('files.toolbar.newFolder')}
          </Button>
          <span className="mb-toolbar-sep" aria-hidden />
        </>
      )}
      <Button
        icon={<DownloadOutlined aria-hidden />}
        disabled={count === 0}
        loading={props.downloading}
        onClick={props.onDownload}
      >
        {count ? t('files.toolbar.downloadCount', { count }) : t('files.toolbar.download')}
      </Button>
      {canWrite && (
        <>
          <Button icon={<DragOutlined aria-hidden />} disabled={!allEditable} onClick={props.onMove}>
            {count ? t('files.toolbar.moveCount', { count }) : t('files.toolbar.move')}
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!allEditable} onClick={props.onDelete}>
            {count ? t('files.toolbar.deleteCount', { count }) : t('files.toolbar.delete')}
          </Button>
          <span className="mb-toolbar-spacer" />
          <Button icon={<RestOutlined aria-hidden />} onClick={props.onTrash}>
            {t('files.toolbar.trash')}
          </Button>
        </>
      )}
    </div>
  );
}
