import {
  CodeOutlined,
  CustomerServiceOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileKind } from '@mathbridge/contracts/files';

/** The nine icons of spec §1, each with its own colour so kinds are told apart at a glance. */
const ICONS: Record<FileKind, { icon: ReactNode; color: string }> = {
  folder: { icon: <FolderFilled />, color: '#e8a317' },
  document: { icon: <FileTextOutlined />, color: '#2f6fde' },
  archive: { icon: <FileZipOutlined />, color: '#8c5a2b' },
  audio: { icon: <CustomerServiceOutlined />, color: '#c2410c' },
  video: { icon: <VideoCameraOutlined />, color: '#7c3aed' },
  image: { icon: <FileImageOutlined />, color: '#0f9d8a' },
  spreadsheet: { icon: <FileExcelOutlined />, color: '#16813d' },
  code: { icon: <CodeOutlined />, color: '#475569' },
  pdf: { icon: <FilePdfOutlined />, color: '#d4380d' },
};

/** A file-type icon; its kind is spoken to screen readers ("PDF", "Folder"). */
export function FileIcon({ kind, size = 20 }: { kind: FileKind; size?: number }) {
  const { t } = useTranslation();
  const { icon, color } = ICONS[kind] ?? ICONS.document;
  return (
    <span
      className="mb-file-icon"
      role="img"
      aria-label={t(`files.kinds.${kind}`)}
      title={t(`files.kinds.${kind}`)}
      style={{ color, fontSize: size }}
    >
      {icon}
    </span>
  );
}
