import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Progress } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { MAX_ATTACHMENTS } from '@mathbridge/contracts/demands';
import { fileExtension } from '@mathbridge/contracts/files';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { uploadAttachment } from '../api/attachments.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { formatBytes } from '../../../lib/format.ts';

export interface AttachmentValue {
  id: number;
  name: string;
  size: number;
}

interface AttachmentsInputProps {
  id?: string;
  value?: AttachmentValue[];
  onChange?: (value: AttachmentValue[]) => void;
  /** The item's file space; null until the item is first saved. */
  spaceId: number | null;
  /**
   * For an item not saved yet: where its attachments wait until its first save (asked for on the
   * first upload). Without it, a new item asks to be saved first.
   */
  pendingSpace?: () => Promise<number>;
}

const PROFILE = UPLOAD_PROFILES.document;

/**
 * Attachments of a demand or solution: files go into the item's own space (upload/upload with
 * the `document` profile) as soon as they are chosen; the item's next save names them.
 */
export function AttachmentsInput({ id, value = [], onChange, spaceId, pendingSpace }: AttachmentsInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const tray = useRef<Promise<number> | null>(null);

  if (spaceId === null && !pendingSpace)
    return <Alert type="info" showIcon title={t('demands.form.attachmentsAfterSave')} />;

  const targetSpace = (): Promise<number> => {
    if (spaceId !== null) return Promise.resolve(spaceId);
    if (!pendingSpace) return Promise.reject(new Error('no space for attachments'));
    // One request for the tray, however many files; a failed one may be asked again.
    tray.current ??= pendingSpace().catch((error: unknown) => {
      tray.current = null;
      throw error;
    });
    return tray.current;
  };

  const upload = async (files: File[]) => {
    const problems: string[] = [];
    let next = [...value];
    for (const file of files) {
      if (next.length >= MAX_ATTACHMENTS) break;
      const ext = fileExtension(file.name);
      if (!(PROFILE.extensions as readonly string[]).includes(ext)) {
        problems.push(t('demands.form.uploadFailed', { name: file.name, message: t('errors.wrongType') }));
        continue;
      }
      if (file.size > PROFILE.maxBytes) {
        problems.push(t('demands.form.uploadFailed', { name: file.name, message: t('errors.tooLarge') }));
        continue;
      }
      setProgress({ name: file.name, percent: 0 });
      try {
        const node = await uploadAttachment(await targetSpace(), file, (p) =>
          setProgress({ name: file.name, percent: Math.round((p.loaded / p.total) * 100) }),
        );
        next = [...next, { id: node.id, name: node.name, size: node.size ?? file.size }];
        onChange?.(next);
      } catch (error) {
        problems.push(
          t('demands.form.uploadFailed', {
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
        {t('demands.form.upload')}
      </FilePickerButton>
      <div className="mb-muted mb-help">
        {t('demands.form.attachmentsHelp', { max: MAX_ATTACHMENTS, size: PROFILE.maxBytes / MB })}
      </div>
      {progress && (
        <div aria-live="polite">
          {t('demands.form.uploading', { name: progress.name })}
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
                  aria-label={t('demands.form.removeAttachment', { name: item.name })}
                  onClick={() => onChange?.(value.filter((other) => other.id !== item.id))}
                />,
              ]}
            >
              <span>
                <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
