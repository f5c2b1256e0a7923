import {
  CERT_STATUS_NAMES,
  type CertStatus,
  type CertificateFile,
  type CertificationData,
  type CertificationDetail,
  type CertificationSummary,
  type IdentityRole,
} from '@mathbridge/contracts/identity';
import type { CertificationWithUser } from './certification.repository.ts';

export const certificateUrl = (id: number) => `/api/user/certificateFile/${id}`;

export function presentCertificateFile(file: {
  id: number;
  original_name: string;
  mime: string;
  size: number;
}): CertificateFile {
  return {
    id: file.id,
    name: file.original_name,
    mime: file.mime,
    size: Number(file.size),
    url: certificateUrl(file.id),
  };
}

export const statusName = (status: number) => CERT_STATUS_NAMES[status] ?? 'pending';

export function presentCertification(row: CertificationWithUser): CertificationSummary {
  return {
    id: row.id,
    role: row.role as IdentityRole,
    source: row.source === 'invitation' ? 'invitation' : 'form',
    status: row.status as CertStatus,
    status_name: statusName(row.status),
    title: row.title,
    user: { id: row.user_id, account: row.user_account, truename: row.user_truename, phone: row.user_phone },
    org_id: row.org_id,
    reason: row.reason,
    submitted_at: row.submitted_at,
    reviewed_at: row.reviewed_at,
  };
}

export function presentCertificationDetail(
  row: CertificationWithUser,
  extra: {
    /** The ID number as the viewer may see it (id-numbers.service.ts); undefined when the form has none. */
    idNumber: string | undefined;
    files: CertificateFile[];
    reviewer: { id: number; account: string } | null;
    memberClaim: CertificationDetail['member_claim'];
  },
): CertificationDetail {
  return {
    ...presentCertification(row),
    data: {
      ...(JSON.parse(row.data) as CertificationData),
      ...(extra.idNumber !== undefined ? { idNumber: extra.idNumber } : {}),
    } as CertificationData,
    files: extra.files,
    reviewer: extra.reviewer,
    member_claim: extra.memberClaim,
  };
}
