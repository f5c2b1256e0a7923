import { FORBIDDEN_EXTENSIONS } from '@mathbridge/contracts/constants';
import { SPACE_UPLOAD_PROFILE, fileExtension, type FileNode, type Quota } from '@mathbridge/contracts/files';
import { isApiError } from '../../../lib/api-error.ts';
import { uploadFile } from '../api/upload-file.ts';

/** Files sent at the same time; the rest wait their turn. */
const CONCURRENCY = 3;

export type UploadStatus = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed' | 'canceled';

/**
 * Why a file failed: a message key (checked here, so it follows a later language switch) or the
 * server's message (already in the user's language through Accept-Language).
 */
export type UploadError = { key: string; params?: Record<string, string | number> } | { message: string };

export interface UploadTarget {
  spaceId: number;
  parentId: number | undefined;
  folderName: string;
}

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  target: UploadTarget;
  status: UploadStatus;
  loaded: number;
  error?: UploadError;
  /** The stored node; its name differs from `name` when a clash added ' (1)'. */
  result?: FileNode;
  /** Whether sending it again may help (a lost connection, not a refusal). */
  retryable: boolean;
}

interface Entry extends Omit<UploadItem, 'retryable'> {
  file: File | null;
  controller?: AbortController;
}

export interface Rejected {
  name: string;
  error: UploadError;
}

const forbidden: readonly string[] = FORBIDDEN_EXTENSIONS;

/**
 * The checks the server makes first, made before sending so the user learns at once and no bytes
 * travel for nothing: exe/sh never, the space profile's types, 10 MB, and the quota left. The
 * server checks again (and sniffs the content), so this is a courtesy, not the rule.
 */
export function precheck(
  file: File,
  quota: Quota | undefined,
  reserved: number,
  formatSize: (bytes: number) => string,
): UploadError | null {
  const ext = fileExtension(file.name);
  if (forbidden.includes(ext)) return { key: 'errors.fileForbidden', params: { ext } };
  if (!SPACE_UPLOAD_PROFILE.extensions.includes(ext)) {
    return {
      key: 'errors.fileTypeNotAllowed',
      params: { ext: ext || file.name, size: formatSize(SPACE_UPLOAD_PROFILE.maxBytes) },
    };
  }
  if (file.size > SPACE_UPLOAD_PROFILE.maxBytes)
    return { key: 'errors.fileTooLarge', params: { size: formatSize(SPACE_UPLOAD_PROFILE.maxBytes) } };
  if (quota && quota.used_bytes + reserved + file.size > quota.quota_bytes) {
    return {
      key: 'errors.quotaExceeded',
      params: { used: formatSize(quota.used_bytes), quota: formatSize(quota.quota_bytes) },
    };
  }
  return null;
}

/**
 * The upload list of one file manager: a small store outside React (read with
 * useSyncExternalStore) so progress events, which arrive many times a second, update one row
 * without re-running the component's logic.
 */
export class UploadQueue {
  private entries: Entry[] = [];
  private snapshot: readonly UploadItem[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;

  constructor(private readonly onUploaded: (node: FileNode) => void) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Bytes of files accepted but not yet stored (counted against the quota by precheck). */
  pendingBytes(): number {
    return this.entries
      .filter((e) => e.status === 'waiting' || e.status === 'uploading' || e.status === 'processing')
      .reduce((sum, e) => sum + e.size, 0);
  }

  add(files: readonly File[], target: UploadTarget, check: (file: File, reserved: number) => UploadError | null): void {
    let reserved = this.pendingBytes();
    for (const file of files) {
      const error = check(file, reserved);
      if (!error) reserved += file.size;
      this.entries.push({
        id: this.nextId++,
        file: error ? null : file,
        name: file.name,
        size: file.size,
        target,
        status: error ? 'failed' : 'waiting',
        loaded: 0,
        error: error ?? undefined,
      });
    }
    this.pump();
  }

  /** Rows for items refused before they became files (a dropped folder). */
  reject(items: readonly Rejected[], target: UploadTarget): void {
    for (const item of items) {
      this.entries.push({
        id: this.nextId++,
        file: null,
        name: item.name,
        size: 0,
        target,
        status: 'failed',
        loaded: 0,
        error: item.error,
      });
    }
    this.emit();
  }

  cancel(id: number): void {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    if (entry.status === 'waiting') this.update(entry, { status: 'canceled', file: null });
    else if (entry.status === 'uploading' || entry.status === 'processing') entry.controller?.abort();
  }

  cancelAll(): void {
    for (const entry of this.entries) this.cancel(entry.id);
  }

  retry(id: number): void {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry?.file || (entry.status !== 'failed' && entry.status !== 'canceled')) return;
    this.update(entry, { status: 'waiting', loaded: 0, error: undefined });
    this.pump();
  }

  dismiss(id: number): void {
    this.cancel(id);
    this.entries = this.entries.filter((e) => e.id !== id);
    this.emit();
  }

  clearFinished(): void {
    this.entries = this.entries.filter(
      (e) => e.status === 'waiting' || e.status === 'uploading' || e.status === 'processing',
    );
    this.emit();
  }

  private pump(): void {
    let active = this.entries.filter((e) => e.status === 'uploading' || e.status === 'processing').length;
    for (const entry of this.entries) {
      if (active >= CONCURRENCY) break;
      if (entry.status !== 'waiting' || !entry.file) continue;
      active += 1;
      void this.send(entry, entry.file);
    }
    this.emit();
  }

  private async send(entry: Entry, file: File): Promise<void> {
    const controller = new AbortController();
    this.update(entry, { status: 'uploading', loaded: 0, controller });
    try {
      const node = await uploadFile({
        spaceId: entry.target.spaceId,
        parentId: entry.target.parentId,
        file,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          // The last bytes sent: the server still sniffs, stores and charges the quota.
          const sent = Math.min(loaded, total, entry.size || total);
          this.update(entry, { loaded: sent, status: loaded >= total ? 'processing' : 'uploading' });
        },
      });
      this.update(entry, { status: 'done', loaded: entry.size, result: node, file: null, controller: undefined });
      this.onUploaded(node);
    } catch (error) {
      if (controller.signal.aborted) {
        this.update(entry, { status: 'canceled', controller: undefined });
      } else {
        const message = isApiError(error) ? error.message : String(error);
        // A refusal (type, size, quota, content) would only repeat; a lost connection may not.
        const retryable = isApiError(error) && error.kind !== 'status';
        this.update(entry, {
          status: 'failed',
          error: { message },
          controller: undefined,
          file: retryable ? file : null,
        });
      }
    } finally {
      this.pump();
    }
  }

  private update(entry: Entry, patch: Partial<Entry>): void {
    Object.assign(entry, patch);
    this.emit();
  }

  private emit(): void {
    this.snapshot = this.entries.map(({ file, controller: _controller, ...item }) => ({
      ...item,
      retryable: file !== null && (item.status === 'failed' || item.status === 'canceled'),
    }));
    for (const listener of this.listeners) listener();
  }
}
