import { CloudUploadOutlined } from '@ant-design/icons';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rejected } from './upload-queue.ts';

interface FileDropZoneProps {
  /** Files may be dropped (the caller may write and the folder list is shown). */
  enabled: boolean;
  folderName: string;
  /** The hint's size limit, already formatted. */
  maxSize: string;
  onDrop: (files: File[], rejected: Rejected[]) => void;
  children: ReactNode;
}

/** The folder body as a drop target: an overlay while files are dragged over it; dropped folders are refused. */
export function FileDropZone({ enabled, folderName, maxSize, onDrop, children }: FileDropZoneProps) {
  const { t } = useTranslation();
  // Entering a child fires enter before the parent's leave: count, so the overlay does not flicker.
  const [dragDepth, setDragDepth] = useState(0);
  const hasFiles = (event: DragEvent) => enabled && event.dataTransfer.types.includes('Files');

  const drop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragDepth(0);
    const files: File[] = [];
    const rejected: Rejected[] = [];
    for (const item of Array.from(event.dataTransfer.items)) {
      if (item.kind !== 'file') continue;
      const entry = item.webkitGetAsEntry?.();
      const file = item.getAsFile();
      if (entry?.isDirectory) rejected.push({ name: entry.name, error: { key: 'files.upload.folderNotAllowed' } });
      else if (file) files.push(file);
    }
    onDrop(files, rejected);
  };

  return (
    <div
      className="mb-file-body"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragDepth((depth) => depth + 1);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        setDragDepth((depth) => Math.max(0, depth - 1));
      }}
      onDrop={drop}
    >
      {children}
      {dragDepth > 0 && (
        <div className="mb-drop-overlay" aria-hidden>
          <CloudUploadOutlined className="mb-drop-icon" style={{ fontSize: 40 }} />
          <strong>{t('files.upload.dropHere', { folder: folderName })}</strong>
          <span>{t('files.upload.dropHint', { size: maxSize })}</span>
        </div>
      )}
    </div>
  );
}
