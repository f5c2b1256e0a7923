import { FileImageOutlined } from '@ant-design/icons';
import { Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCertificateImage } from '../api/certificate-image.ts';

interface CertificateImageProps {
  /** The image's file id (`CertificateFile.id`): its bytes are fetched with the session. */
  fileId: number;
  alt: string;
  size?: number;
  /** A local blob URL (an image just uploaded from this browser) saves the round trip. */
  localSrc?: string;
}

/** A private certificate image with a click-to-enlarge preview. */
export function CertificateImage({ fileId, alt, size = 104, localSrc }: CertificateImageProps) {
  if (localSrc) return <Image src={localSrc} alt={alt} width={size} height={size} className="mb-cert-image" />;
  return <RemoteCertificateImage fileId={fileId} alt={alt} size={size} />;
}

function RemoteCertificateImage({ fileId, alt, size }: { fileId: number; alt: string; size: number }) {
  const { t } = useTranslation();
  const image = useCertificateImage(fileId);
  if (image.isError) {
    return (
      <div
        className="mb-cert-image mb-cert-image-missing"
        style={{ width: size, height: size }}
        title={t('identity.upload.failed')}
      >
        <FileImageOutlined aria-hidden />
        <span className="mb-visually-hidden">{t('identity.upload.failed')}</span>
      </div>
    );
  }
  if (!image.src) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return <Image src={image.src} alt={alt} width={size} height={size} className="mb-cert-image" />;
}
