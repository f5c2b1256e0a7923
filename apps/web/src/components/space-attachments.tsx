import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { MAX_ATTACHMENTS } from '@mathbridge/contracts/demands';
import { fileExtension } from '@mathbridge/contracts/files';
import { useLocale } from '../i18n/locale.ts';
import { isApiError } from '../lib/api-error.ts';
import { downloadFile } from '../lib/download.ts';
import { formatBytes } from '../lib/format.ts';
import { uploadDocument } from '../lib/upload-request.ts';
import { FilePickerButton } from './file-picker-button.tsx';
import { ItemList, ItemListRow } from './item-list.tsx';
import './space-attachments.css';

/** An attachment as a save names it and a reader sees it (a snapshot of name and size). */
export interface AttachmentValue {
  id: number;
  name: string;
  size: number;
}

const PROFILE = UPLOAD_PROFILES.document;

function AttachmentName({ item, testId }: { item: AttachmentValue; testId?: string }) {
  const locale = useLocale();
  return (
    <span className="mb-attachment-name" data-testid={testId}>
      <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
    </span>
  );
}

/**
 * Attachments (a demand's, a solution's, an outcome's, a question's…), each downloadable through a
 * fresh signed link; with `empty`, an empty list says so.
 */
export function AttachmentList({ items, empty = false }: { items: readonly AttachmentValue[]; empty?: boolean }) {
  const { t } = useTranslation();
  if (items.length === 0) return empty ? <p className="mb-muted">{t('attachments.none')}</p> : null;
  return (
    <ItemList
      size="small"
      items={items}
      itemKey={(item) => item.id}
      renderItem={(item) => (
        <ItemListRow
          actions={[
            <Button
              key="download"
              type="link"
              size="small"
              aria-label={t('attachments.downloadNamed', { name: item.name })}
              onClick={() => void downloadFile(item.id).catch(() => undefined)}
            >
              {t('attachments.download')}
            </Button>,
          ]}
        >
          <AttachmentName item={item} />
        </ItemListRow>
      )}
    />
  );
}

interface SpaceAttachmentsInputProps {
  id?: string;
  value?: AttachmentValue[];
  onChange?: (value: AttachmentValue[]) => void;
  /**
   * The research project's shared space the files go into: null when the viewer has none (the
   * input says so), undefined while it is being looked up (the button waits).
   */
  spaceId: number | null | undefined;
  inputTestId?: string;
}

/**
 * Attachments of a phase outcome, a research question or an answer: files go into the project's
 * shared space (upload/upload, `document` profile) as soon as they are chosen, so the members see
 * them there too; the save names their ids.
 */
export function SpaceAttachmentsInput({
  id,
  value = [],
  onChange,
  spaceId,
  inputTestId = 'attachment-input',
}: SpaceAttachmentsInputProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // The list as last set here, so files uploaded one after another all stay.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  if (spaceId === null) return <Alert type="info" showIcon title={t('attachments.noSpace')} />;

  const change = (next: AttachmentValue[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const upload = async (space: number, files: File[]) => {
    const problems: string[] = [];
    for (const file of files) {
      if (latest.current.length >= MAX_ATTACHMENTS) break;
      const fail = (message: string) => problems.push(t('attachments.failed', { name: file.name, message }));
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
        const node = await uploadDocument(space, file, ({ loaded, total }) =>
          setProgress({ name: file.name, percent: Math.round((loaded / total) * 100) }),
        );
        change([...latest.current, { id: node.id, name: node.name, size: node.size ?? file.size }]);
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
        inputTestId={inputTestId}
        onFiles={(files) => spaceId !== undefined && void upload(spaceId, files)}
        disabled={spaceId === undefined || progress !== null || value.length >= MAX_ATTACHMENTS}
      >
        {t('attachments.upload')}
      </FilePickerButton>
      <div className="mb-muted mb-attachment-help">
        {t('attachments.help', { max: MAX_ATTACHMENTS, size: PROFILE.maxBytes / MB })}
      </div>
      {progress && (
        <div aria-live="polite">
          {t('attachments.uploading', { name: progress.name })}
          <Progress percent={progress.percent} size="small" />
        </div>
      )}
      {errors.map((message) => (
        <Alert key={message} type="error" showIcon title={message} style={{ marginTop: 8 }} />
      ))}
      {value.length > 0 && (
        <ItemList
          size="small"
          items={value}
          itemKey={(item) => item.id}
          renderItem={(item) => (
            <ItemListRow
              actions={[
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('attachments.remove', { name: item.name })}
                  onClick={() => change(value.filter((other) => other.id !== item.id))}
                />,
              ]}
            >
              <AttachmentName item={item} testId="attachment-chosen" />
            </ItemListRow>
          )}
        />
      )}
    </div>
  );
}
