import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  DeleteOutlined,
  RedoOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Button, Progress, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKind } from '@mathbridge/contracts/files';
import { useLocale } from '../../../i18n/locale.ts';
import { FileIcon } from './file-icon.tsx';
import { formatBytes } from '../../../lib/format.ts';
import type { UploadError, UploadItem, UploadQueue } from './upload-queue.ts';

/** The upload list: one row per file with its progress bar, or why it failed. */
export function UploadPanel({ queue }: { queue: UploadQueue }) {
  const { t } = useTranslation();
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'failed').length;
  const finished = items.some(
    (item) => item.status === 'done' || item.status === 'failed' || item.status === 'canceled',
  );
  return (
    <section className="mb-upload-panel" aria-label={t('files.upload.panelTitle')}>
      <header className="mb-upload-head">
        <strong>{t('files.upload.panelTitle')}</strong>
        <span className="mb-muted" role="status" aria-live="polite">
          {t('files.upload.summary', { done, total: items.length })}
          {failed > 0 && (
            <span className="mb-upload-failed-count"> · {t('files.upload.summaryFailed', { count: failed })}</span>
          )}
        </span>
        {finished && (
          <Button size="small" type="link" icon={<DeleteOutlined aria-hidden />} onClick={() => queue.clearFinished()}>
            {t('files.upload.clearFinished')}
          </Button>
        )}
      </header>
      <ul className="mb-upload-list">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} queue={queue} />
        ))}
      </ul>
    </section>
  );
}

function useErrorText() {
  const { t } = useTranslation();
  return (error: UploadError | undefined): string => {
    if (!error) return '';
    if ('message' in error) return error.message;
    // Keys checked in upload-queue.ts: the shared errors catalog or this feature's strings.
    return t(error.key as 'errors.error', error.params);
  };
}

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const percent = item.size > 0 ? Math.floor((item.loaded / item.size) * 100) : item.status === 'done' ? 100 : 0;
  const active = item.status === 'waiting' || item.status === 'uploading' || item.status === 'processing';
  const storedAs = item.result && item.result.name !== item.name ? item.result.name : null;

  let status;
  switch (item.status) {
    case 'waiting':
      status = <span className="mb-muted">{t('files.upload.waiting')}</span>;
      break;
    case 'uploading':
      status = <span className="mb-muted">{t('files.upload.uploading', { percent })}</span>;
      break;
    case 'processing':
      status = <span className="mb-muted">{t('files.upload.processing')}</span>;
      break;
    case 'done':
      status = (
        <span className="mb-upload-ok">
          <CheckCircleFilled aria-hidden />{' '}
          {storedAs ? t('files.upload.renamed', { name: storedAs }) : t('files.upload.done')}
        </span>
      );
      break;
    case 'canceled':
      status = <span className="mb-muted">{t('files.upload.canceled')}</span>;
      break;
    default:
      status = (
        <span className="mb-upload-error" role="alert">
          <CloseCircleFilled aria-hidden /> {errorText(item.error) || t('files.upload.failed')}
        </span>
      );
  }

  return (
    <li className={`mb-upload-row mb-upload-${item.status}`} data-upload-status={item.status}>
      <FileIcon kind={fileKind(item.name)} size={18} />
      <div className="mb-upload-main">
        <div className="mb-upload-line">
          <span className="mb-upload-name" title={item.name}>
            {item.name}
          </span>
          <span className="mb-muted mb-upload-meta">
            {item.size > 0 && formatBytes(item.size, locale)}{' '}
            {t('files.upload.into', { folder: item.target.folderName })}
          </span>
        </div>
        {(item.status === 'uploading' || item.status === 'processing' || item.status === 'waiting') && (
          <Progress
            percent={percent}
            size="small"
            status="active"
            showInfo={false}
            aria-label={t('files.upload.uploading', { percent })}
            aria-valuenow={percent}
          />
        )}
        <div className="mb-upload-status">{status}</div>
      </div>
      <div className="mb-upload-actions">
        {active && (
          <Tooltip title={t('files.upload.cancel', { name: item.name })}>
            <Button
              type="text"
              size="small"
              icon={<StopOutlined aria-hidden />}
              aria-label={t('files.upload.cancel', { name: item.name })}
              onClick={() => queue.cancel(item.id)}
            />
          </Tooltip>
        )}
        {item.retryable && (
          <Tooltip title={t('files.upload.retry')}>
            <Button
              type="text"
              size="small"
              icon={<RedoOutlined aria-hidden />}
              aria-label={t('files.upload.retry')}
              onClick={() => queue.retry(item.id)}
            />
          </Tooltip>
        )}
        {!active && (
          <Tooltip title={t('files.upload.dismiss', { name: item.name })}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('files.upload.dismiss', { name: item.name })}
              onClick={() => queue.dismiss(item.id)}
            />
          </Tooltip>
        )}
      </div>
    </li>
  );
}
