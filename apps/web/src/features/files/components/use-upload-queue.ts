import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { invalidateFiles } from '../api/query-keys.ts';
import { UploadQueue } from './upload-queue.ts';

const isActive = (status: string) => status === 'waiting' || status === 'uploading' || status === 'processing';

/**
 * The page's upload queue; finished uploads refresh the file lists. Leaving the page would cancel
 * the uploads in flight: the user is asked first, and they are cancelled if the user goes.
 */
export function useUploadQueue(): UploadQueue {
  const queryClient = useQueryClient();
  const [queue] = useState(() => new UploadQueue(() => void invalidateFiles(queryClient)));
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  useUnsavedChanges(uploads.some((item) => isActive(item.status)));
  useEffect(() => () => queue.cancelAll(), [queue]);
  return queue;
}
