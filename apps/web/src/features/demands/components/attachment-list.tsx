import { PaperClipOutlined } from '@ant-design/icons';
import { Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { formatBytes } from '../../../lib/format.ts';

interface Attachment {
  id: number;
  name: string;
  size: number;
}

/** Attachments, each downloadable through a fresh signed link. */
export function AttachmentList({ items }: { items: readonly Attachment[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (items.length === 0) return <p className="mb-muted">{t('demands.detail.noAttachments')}</p>;
  return (
    <List
      size="small"
      dataSource={[...items]}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              size="small"
              aria-label={`${t('demands.detail.download')} ${item.name}`}
              onClick={() => void downloadFile(item.id).catch(() => undefined)}
            >
              {t('demands.detail.download')}
            </Button>,
          ]}
        >
          <span>
            <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
          </span>
        </List.Item>
      )}
    />
  );
}
