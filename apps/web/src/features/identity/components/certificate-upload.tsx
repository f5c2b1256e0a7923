import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { CertificateFile } from '@mathbridge/contracts/identity';
import { isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useUploadCertificate } from '../api/upload-certificate.ts';
import { CertificateImage } from './certificate-image.tsx';

const RULE = UPLOAD_PROFILES.certificate;
export const CERTIFICATE_TYPES = RULE.extensions.map((ext) => ext.toUpperCase()).join('/');
export const CERTIFICATE_SIZE = `${RULE.maxBytes / MB} MB`;
const ACCEPT = RULE.extensions.map((ext) => `.${ext}`).join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

interface CertificateUploadProps {
  id?: string;
  value?: CertificateFile[];
  onChange?: (files: CertificateFile[]) => void;
  /** How many images the field takes (a licence: 1). */
  max: number;
}

/**
 * Certificate images (spec §5: jpg/jpeg/png/bmp, at most 5 MB). Type and size are checked here for
 * a quick answer; the server checks again, by content, and its refusal is shown too.
 */
export function CertificateUpload({ id, value = [], onChange, max }: CertificateUploadProps) {
  const { t } = useTranslation();
  const upload = useUploadCertificate();
  const [uploading, setUploading] = useState(0);
  // Images uploaded from this browser are shown from their File; the rest are fetched.
  const [local, setLocal] = useState<Record<number, string>>({});
  // The list as last reported: several uploads finishing together each add to it.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const created = useRef<string[]>([]);
  useEffect(() => () => created.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const okType = (RULE.extensions as readonly string[]).includes(extensionOf(file.name));
    if (!okType || file.size > RULE.maxBytes) {
      notify.error(`${file.name}: ${t('errors.fileRule', { types: CERTIFICATE_TYPES, size: CERTIFICATE_SIZE })}`);
      return Upload.LIST_IGNORE;
    }
    if (latest.current.length + batch.indexOf(file) >= max) {
      notify.error(t('validation.maxItems', { max }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const raw = file as File;
    setUploading((n) => n + 1);
    // mutateAsync: with several files in flight, mutate's callbacks would only see the last one.
    upload
      .mutateAsync(raw)
      .then((stored) => {
        const objectUrl = URL.createObjectURL(raw);
        created.current.push(objectUrl);
        setLocal((current) => ({ ...current, [stored.id]: objectUrl }));
        const next = max === 1 ? [stored] : [...latest.current, stored].slice(0, max);
        latest.current = next;
        onChange?.(next);
        onSuccess?.(stored);
      })
      .catch((error: unknown) => {
        // Statuses such as 413/415 were already reported by the API client.
        if (!isApiError(error) || !error.handled)
          notify.error(error instanceof Error && error.message ? error.message : t('errors.uploadFailed'));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => setUploading((n) => n - 1));
  };

  const remove = (fileId: number) => {
    const next = latest.current.filter((file) => file.id !== fileId);
    latest.current = next;
    onChange?.(next);
  };

  const full = value.length >= max && max > 1;
  return (
    <div className="mb-cert-upload">
      <div className="mb-cert-upload-list">
        {value.map((file, index) => (
          <div key={file.id} className="mb-cert-upload-item">
            <CertificateImage
              fileId={file.id}
              localSrc={local[file.id]}
              alt={t('identity.upload.preview', { index: index + 1 })}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              className="mb-cert-upload-remove"
              aria-label={t('identity.upload.remove', { name: file.name })}
              onClick={() => remove(file.id)}
            />
          </div>
        ))}
        {!full && (
          <Upload
            accept={ACCEPT}
            multiple={max > 1}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <button type="button" id={id} className="mb-cert-upload-add" disabled={uploading > 0}>
              {uploading > 0 ? <LoadingOutlined aria-hidden /> : <PlusOutlined aria-hidden />}
              <span>{uploading > 0 ? t('identity.upload.uploading') : t('identity.upload.add')}</span>
            </button>
          </Upload>
        )}
      </div>
      <div className="mb-muted mb-cert-upload-rule">
        {max === 1
          ? t('identity.upload.ruleOne', { size: CERTIFICATE_SIZE })
          : t('identity.upload.rule', { size: CERTIFICATE_SIZE, max })}
      </div>
    </div>
  );
}
