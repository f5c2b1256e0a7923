import { STATUS } from '@mathbridge/contracts/api';
import type { Quota } from '@mathbridge/contracts/files';
import { AppError } from '../../lib/errors.ts';
import { sizeLabel } from '../../lib/upload.ts';

/** The files module's refusals, each with its own message in all three locales. */
export const nodeNotFound = () => new AppError(STATUS.notFound, 'errors.nodeNotFound');
export const nameTaken = (name: string) => new AppError(STATUS.conflict, 'errors.nameTaken', { name });
export const moveIntoItself = () => new AppError(STATUS.conflict, 'errors.moveIntoItself');
export const notAFolder = () => new AppError(STATUS.conflict, 'errors.notAFolder');
export const notAFile = () => new AppError(STATUS.conflict, 'errors.notAFile');
export const crossSpaceMove = () => new AppError(STATUS.conflict, 'errors.crossSpaceMove');
export const rootFolder = () => new AppError(STATUS.conflict, 'errors.rootFolder');
export const notInTrash = () => new AppError(STATUS.conflict, 'errors.notInTrash');
export const folderTooDeep = (max: number) => new AppError(STATUS.conflict, 'errors.folderTooDeep', { max });
export const zipTooLarge = (max: number) => new AppError(STATUS.conflict, 'errors.zipTooLarge', { max });
export const linkExpired = () => new AppError(STATUS.forbidden, 'errors.linkExpired');
export const extensionChange = (ext: string) => new AppError(STATUS.wrongType, 'errors.extensionChange', { ext });
export const updateTypeMismatch = (ext: string) => new AppError(STATUS.wrongType, 'errors.updateTypeMismatch', { ext });
export const quotaExceeded = (quota: Quota) =>
  new AppError(STATUS.tooLarge, 'errors.quotaExceeded', {
    used: sizeLabel(quota.used_bytes),
    quota: sizeLabel(quota.quota_bytes),
  });
