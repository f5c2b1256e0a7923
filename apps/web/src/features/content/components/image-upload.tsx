import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { uploadCover } from '../api/content.ts';

const RULE = UPLOAD_PROFILES.image;
const TYPES = RULE.extensions.map((ext) => ext.toUpperCase()).join('/');
const SIZE = `${RULE.maxBytes / MB} MB`;

/** An uploaded image: the file id the save names, and the URL that shows it. */
export interface UploadedImage {
  file_id: number;
  url: string;
}

interface ImageUploadProps {
  id?: string;
  value?: UploadedImage | null;
  onChange?: (value: UploadedImage | null) => void;
  /** May the image be removed (an article's cover is optional, a banner's image is not). */
  removable?: boolean;
  inputTestId?: string;
  /** Where the image goes (default content/upload_cover; notebook categories use category/upload_cover). */
  upload?: (file: File) => Promise<UploadedImage>;
}

/**
 * An image (article cover, banner) uploaded through content/upload_cover, with its preview in the
 * 300×180 proportion the public pages show it in. The type and size are checked here first so a
 * wrong file is refused at once; the server checks them again by content.
 */
export function ImageUpload({
  id,
  value,
  onChange,
  removable = true,
  inputTestId,
  upload = uploadCover,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const pick = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(RULE.extensions as readonly string[]).includes(extension) || file.size > RULE.maxBytes) {
      notify.error(t('errors.fileRule', { types: TYPES, size: SIZE }));
      return;
    }
    setBusy(true);
    upload(file)
      .then((uploaded) => onChange?.(uploaded))
      .catch((error: unknown) => {
        if (!isApiError(error) || !error.handled)
          notify.error(isApiError(error) ? error.message : t('content.image.failed'));
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="mb-content-cover">
      <div className="mb-content-cover-preview">
        {value ? (
          <img src={value.url} alt={t('content.image.preview')} />
        ) : (
          <span>
            <PictureOutlined /> {t('content.image.none')}
          </span>
        )}
      </div>
      <div className="mb-content-cover-side">
        <FilePickerButton
          id={id}
          icon={<UploadOutlined />}
          loading={busy}
          accept={RULE.extensions.map((ext) => `.${ext}`).join(',')}
          onFiles={pick}
          inputTestId={inputTestId}
        >
          {value ? t('content.image.change') : t('content.image.upload')}
        </FilePickerButton>
        {value && removable && (
          <Button type="link" danger style={{ padding: 0 }} onClick={() => onChange?.(null)}>
            {t('content.image.remove')}
          </Button>
        )}
        <span className="mb-content-muted-small">{t('content.image.help', { types: TYPES, size: SIZE })}</span>
      </div>
    </div>
  );
}
