import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { MAX_ATTACHMENTS } from '@mathbridge/contracts/demands';
import { fileExtension, type FileNode } from '@mathbridge/contracts/files';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatBytes } from '../../../lib/format.ts';
import { uploadRequest } from '../../../lib/upload-request.ts';

export interface PhaseAttachment {
  id: number;
  name: string;
  size: number;
}

const PROFILE = UPLOAD_PROFILES.document;

/** POST upload/upload into the project's shared space with the `document` profile. */
function uploadToSpace(spaceId: number, file: File, onProgress: (percent: number) => void): Promise<FileNode> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadRequest<FileNode>('upload/upload', form, {
    query: { space_id: spaceId, profile: 'document', size: file.size },
    onProgress: ({ loaded, total }) => onProgress(Math.round((loaded / total) * 100)),
    reportErrors: false,
  });
}

/**
 * The attachments of an outcome: files go into the project's shared space as soon as they are
 * chosen (so the members see them there too); the submission names their ids.
 */
export function PhaseAttachmentsInput({
  id,
  value = [],
  onChange,
  spaceId,
}: {
  id?: string;
  value?: PhaseAttachment[];
  onChange?: (value: PhaseAttachment[]) => void;
  spaceId: number | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // The list as last set here, so files uploaded one after another all stay.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  if (spaceId === null) return <Alert type="info" showIcon title={t('research.join.files.noAccess')} />;

  const change = (next: PhaseAttachment[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const upload = async (files: File[]) => {
    const problems: string[] = [];
    for (const file of files) {
      if (latest.current.length >= MAX_ATTACHMENTS) break;
      let problem: string | null = null;
      if (!(PROFILE.extensions as readonly string[]).includes(fileExtension(file.name)))
        problem = t('errors.wrongType');
      else if (file.size > PROFILE.maxBytes) problem = t('errors.tooLarge');
      if (problem) {
        problems.push(t('research.join.attachments.failed', { name: file.name, message: problem }));
        continue;
      }
      setProgress({ name: file.name, percent: 0 });
      try {
        const node = await uploadToSpace(spaceId, file, (percent) => setProgress({ name: file.name, percent }));
        change([...latest.current, { id: node.id, name: node.name, size: node.size ?? file.size }]);
      } catch (error) {
        problems.push(
          t('research.join.attachments.failed', {
            name: file.name,
            message: isApiError(error) ? error.message : t('errors.error'),
          }),
        );
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
        inputTestId="attachment-input"
        onFiles={(files) => void upload(files)}
        disabled={progress !== null || value.length >= MAX_ATTACHMENTS}
      >
        {t('research.join.attachments.upload')}
      </FilePickerButton>
      <div className="mb-muted mb-phase-help">
        {t('research.join.attachments.help', { max: MAX_ATTACHMENTS, size: PROFILE.maxBytes / MB })}
      </div>
      {progress && (
        <div aria-live="polite">
          {t('research.join.attachments.uploading', { name: progress.name })}
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
                  aria-label={t('research.join.attachments.remove', { name: item.name })}
                  onClick={() => change(value.filter((other) => other.id !== item.id))}
                />,
              ]}
            >
              <span data-testid="attachment-chosen">
                <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

/** An outcome's attachments (snapshots of name and size), each downloadable through a signed link. */
export function PhaseAttachmentList({ items }: { items: readonly PhaseAttachment[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
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
              aria-label={t('research.join.attachments.downloadNamed', { name: item.name })}
              onClick={() => void downloadFile(item.id).catch(() => undefined)}
            >
              {t('research.join.attachments.download')}
            </Button>,
          ]}
        >
          <span style={{ overflowWrap: 'anywhere' }}>
            <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
          </span>
        </List.Item>
      )}
    />
  );
}
