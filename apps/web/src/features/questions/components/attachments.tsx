import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { MAX_ATTACHMENTS } from '@mathbridge/contracts/demands';
import { fileExtension } from '@mathbridge/contracts/files';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatBytes } from '../../../lib/format.ts';
import { uploadToSpace } from '../api/questions.ts';

export interface AttachmentValue {
  id: number;
  name: string;
  size: number;
}

const PROFILE = UPLOAD_PROFILES.document;

/** Attachments, each downloadable through a fresh signed link. */
export function AttachmentLinks({ items }: { items: readonly AttachmentValue[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (items.length === 0) return <p className="mb-muted">{t('questions.common.noAttachments')}</p>;
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
              aria-label={`${t('questions.common.download')} ${item.name}`}
              onClick={() => void downloadFile(item.id).catch(() => undefined)}
            >
              {t('questions.common.download')}
            </Button>,
          ]}
        >
          <span className="mb-question-file">
            <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
          </span>
        </List.Item>
      )}
    />
  );
}

interface SpaceAttachmentsInputProps {
  id?: string;
  value?: AttachmentValue[];
  onChange?: (value: AttachmentValue[]) => void;
  /** The direction's shared space; null when it is not available (the input says so). */
  spaceId: number | null | undefined;
}

/**
 * Attachments of a question or an answer: files go into the direction's shared space
 * (upload/upload, `document` profile) as soon as they are chosen; the save names them.
 */
export function SpaceAttachmentsInput({ id, value = [], onChange, spaceId }: SpaceAttachmentsInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // The list as last set here: files uploaded one after another all stay.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  if (spaceId === null) return <Alert type="info" showIcon title={t('questions.common.noSpace')} />;

  const upload = async (files: File[]) => {
    if (!spaceId) return;
    const problems: string[] = [];
    for (const file of files) {
      if (latest.current.length >= MAX_ATTACHMENTS) break;
      const fail = (message: string) => problems.push(t('questions.common.uploadFailed', { name: file.name, message }));
      if (!(PROFILE.extensions as readonly string[]).includes(fileExtension(file.name))) {
        fail(t('errors.wrongType'));
        continue;
      }
      if (file.size > PROFILE.maxBytes) {
        fail(t('errors.tooLarge'));
        continue;
      }
      setProgress({ name: file.name, percent: 0 });
      try {
        const node = await uploadToSpace(spaceId, file, (p) =>
          setProgress({ name: file.name, percent: Math.round((p.loaded / p.total) * 100) }),
        );
        latest.current = [...latest.current, { id: node.id, name: node.name, size: node.size ?? file.size }];
        onChange?.(latest.current);
      } catch (error) {
        fail(isApiError(error) && error.message ? error.message : t('errors.error'));
      }
    }
    setProgress(null);
    setErrors(problems);
  };

  return (
    <div id={id}>
      <FilePickerButton
        icon={<UploadOutlined />}
        multiple
        accept={PROFILE.extensions.map((ext) => `.${ext}`).join(',')}
        inputTestId="question-attachment-input"
        onFiles={(files) => void upload(files)}
        disabled={!spaceId || progress !== null || value.length >= MAX_ATTACHMENTS}
      >
        {t('questions.common.upload')}
      </FilePickerButton>
      <div className="mb-muted mb-help">
        {t('questions.common.attachmentsHelp', { max: MAX_ATTACHMENTS, size: PROFILE.maxBytes / MB })}
      </div>
      {progress && (
        <div aria-live="polite">
          {t('questions.common.uploading', { name: progress.name })}
          <Progress percent={progress.percent} size="small" />
        </div>
      )}
      {errors.map((message) => (
        <Alert key={message} type="error" showIcon title={message} style={{ marginTop: 8 }} />
      ))}
      {value.length > 0 && (
        <List
          size="small"
          dataSource={value}
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('questions.common.removeAttachment', { name: item.name })}
                  onClick={() => onChange?.(value.filter((other) => other.id !== item.id))}
                />,
              ]}
            >
              <span className="mb-question-file">
                <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
