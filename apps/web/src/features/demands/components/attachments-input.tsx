import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { MAX_ATTACHMENTS } from '@mathbridge/contracts/demands';
import { fileExtension } from '@mathbridge/contracts/files';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { ItemList, ItemListRow } from '../../../components/item-list.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { type PendingSpace } from '../api/attachments.ts';
import { uploadDocument } from '../../../lib/upload-request.ts';
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
   * For an item not saved yet: where its attachments wait until its first save (asked for when the
   * form opens). Files already waiting there, from a form left without saving, are listed again.
   * Without it, a new item asks to be saved first.
   */
  pendingSpace?: () => Promise<PendingSpace>;
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

  const tray = useRef<Promise<PendingSpace> | null>(null);
  // The list as last set here: a restore and an upload that finish together both keep their files.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const [restored, setRestored] = useState(0);
  const change = (next: AttachmentValue[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const pending = (): Promise<PendingSpace> => {
    if (!pendingSpace) return Promise.reject(new Error('no space for attachments'));
    // One request for the tray, however many files; a failed one may be asked again.
    tray.current ??= pendingSpace().catch((error: unknown) => {
      tray.current = null;
      throw error;
    });
    return tray.current;
  };

  // A new item: files chosen in an earlier new form that was never saved are still in the tray.
  const isNew = spaceId === null && pendingSpace !== undefined;
  useEffect(() => {
    if (!isNew) return undefined;
    let live = true;
    pending()
      .then(({ waiting }) => {
        const known = new Set(latest.current.map((file) => file.id));
        const back = waiting
          .filter((file) => !known.has(file.id))
          .slice(0, Math.max(0, MAX_ATTACHMENTS - latest.current.length));
        if (!live || back.length === 0) return;
        change([...latest.current, ...back]);
        setRestored(back.length);
      })
      // The upload asks again and reports what went wrong.
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per form: `pending` and `change` are this render's, the effect needs only the first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNew]);

  if (spaceId === null && !pendingSpace)
    return <Alert type="info" showIcon title={t('demands.form.attachmentsAfterSave')} />;

  const targetSpace = async (): Promise<number> => (spaceId !== null ? spaceId : (await pending()).spaceId);

  const upload = async (files: File[]) => {
    const problems: string[] = [];
    for (const file of files) {
      if (latest.current.length >= MAX_ATTACHMENTS) break;
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
        const node = await uploadDocument(await targetSpace(), file, (p) =>
          setProgress({ name: file.name, percent: Math.round((p.loaded / p.total) * 100) }),
        );
        change([...latest.current, { id: node.id, name: node.name, size: node.size ?? file.size }]);
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
      {restored > 0 && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setRestored(0)}
          title={t('demands.form.attachmentsRestored', { count: restored })}
          style={{ marginTop: 8 }}
        />
      )}
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
                  aria-label={t('demands.form.removeAttachment', { name: item.name })}
                  onClick={() => change(value.filter((other) => other.id !== item.id))}
                />,
              ]}
            >
              <span>
                <PaperClipOutlined /> {item.name} <span className="mb-muted">({formatBytes(item.size, locale)})</span>
              </span>
            </ItemListRow>
          )}
        />
      )}
    </div>
  );
}
