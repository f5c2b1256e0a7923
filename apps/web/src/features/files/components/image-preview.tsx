import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileNode } from '@mathbridge/contracts/files';

/**
 * An image in a dialog. PDFs open in a new tab instead: the server forbids framing its answers
 * (X-Frame-Options: DENY), and the browser's own viewer is the better PDF reader anyway.
 */
export function ImagePreview({ node, onClose }: { node: FileNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={node !== null}
      title={node ? t('files.preview.title', { name: node.name }) : ''}
      onCancel={onClose}
      width={880}
      centered
      destroyOnHidden
      footer={
        node && [
          <Button
            key="tab"
            icon={<ExportOutlined aria-hidden />}
            href={node.preview_url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('files.preview.openNewTab')}
          </Button>,
          <Button key="download" icon={<DownloadOutlined aria-hidden />} href={node.download_url ?? undefined}>
            {t('files.preview.download')}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            {t('files.preview.close')}
          </Button>,
        ]
      }
    >
      {node?.preview_url && <PreviewImage key={node.id} src={node.preview_url} alt={node.name} />}
    </Modal>
  );
}

function PreviewImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return <Result status="warning" title={t('files.preview.failed')} />;
  return (
    <div className="mb-preview">
      <img src={src} alt={alt} onError={() => setFailed(true)} />
    </div>
  );
}
