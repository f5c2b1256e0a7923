import {
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  FolderAddOutlined,
  RestOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';

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
  return (
    <div className="mb-file-toolbar" role="toolbar" aria-label={t('files.toolbar.label')}>
      {canWrite && (
        <>
          <FilePickerButton
            type="primary"
            icon={<UploadOutlined aria-hidden />}
            multiple
            inputTestId="file-upload-input"
            onFiles={props.onUpload}
          >
            {t('files.toolbar.upload')}
          </FilePickerButton>
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
