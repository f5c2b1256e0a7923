import { Button, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CERT_STATUS, CERT_STATUS_NAMES, type CertStatusName } from '@mathbridge/contracts/identity';
import type { MemberClaim } from '@mathbridge/contracts/org';
import { EDUCATION_DEGREES } from '@mathbridge/contracts/roles';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useMemberClaims, useReviewMemberClaim } from '../api/member-claims.ts';
import { useRemoveMember } from '../api/membership-end.ts';
import { RejectModal } from './decision-modal.tsx';
import { MemberStatusTag } from './member-status-tag.tsx';

/** What a person stated, with the certification form's labels. */
const DETAIL_LABELS = {
  truename: 'identity.form.truename',
  degree: 'identity.form.degree',
  position: 'identity.form.position',
  employeeNumber: 'identity.form.employeeNumber',
  studentNumber: 'identity.form.studentNumber',
  supervisor: 'identity.form.supervisor',
} as const;

const STATUS_TABS = [...CERT_STATUS_NAMES, 'all'] as const;

/**
 * Organisation owners confirm or decline people who named their organisation as institution
 * (org/getUserAuth, org/userAuth); admins see every organisation's.
 */
export function MemberClaimsTable({ showOrganisation }: { showOrganisation: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useListParams<CertStatusName | 'all'>({ statuses: STATUS_TABS, defaultStatus: 'pending' });
  const status = params.status ?? 'pending';
  const [rejecting, setRejecting] = useState<MemberClaim | null>(null);
  const list = useMemberClaims(
    { page: params.page, page_size: params.pageSize, ...(status === 'all' ? {} : { status: CERT_STATUS[status] }) },
    true,
  );
  const review = useReviewMemberClaim();
  const removeMember = useRemoveMember();
  const nameOf = (claim: MemberClaim) => claim.user.truename || claim.user.account;

  const approve = (claim: MemberClaim) =>
    notify.confirm({
      title: t('workspace.members.approveTitle', { name: nameOf(claim), org: claim.org_name }),
      okText: t('workspace.members.approve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await review.mutateAsync({ id: claim.id, approve: 1 });
        } catch {
          return; // Reported by the API client (e.g. 409: already handled).
        }
        notify.success(t('workspace.members.approved'));
      },
    });

  const remove = (claim: MemberClaim) =>
    notify.confirm({
      title: t('workspace.members.removeTitle', { name: nameOf(claim), org: claim.org_name }),
      content: t('workspace.members.removeContent'),
      okText: t('workspace.members.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await removeMember.mutateAsync(claim.id);
        } catch {
          return; // Reported by the API client (e.g. 409: no longer a member).
        }
        notify.success(t('workspace.members.removedDone'));
      },
    });

  const detailText = (details: Record<string, string>) =>
    Object.entries(details)
      .filter(([key]) => key in DETAIL_LABELS)
      .map(([key, value]) => {
        const label = t(DETAIL_LABELS[key as keyof typeof DETAIL_LABELS]);
        const shown =
          key === 'degree' && (EDUCATION_DEGREES as readonly string[]).includes(value)
            ? t(`identity.form.degrees.${value as 'master'}`)
            : value;
        return t('identity.org.labelValue', { label, value: shown });
      });

  const columns: TableProps<MemberClaim>['columns'] = [
    { key: 'person', title: t('workspace.members.person'), render: (_, claim) => nameOf(claim) },
    ...(showOrganisation
      ? [
          {
            key: 'org',
            title: t('workspace.members.organisation'),
            render: (_: unknown, claim: MemberClaim) => claim.org_name,
          },
        ]
      : []),
    {
      key: 'role',
      title: t('workspace.members.role'),
      width: 110,
      render: (_, claim) => (claim.role ? <Tag color="blue">{t(`roles.${claim.role}`)}</Tag> : '—'),
    },
    {
      key: 'details',
      title: t('workspace.members.details'),
      render: (_, claim) => (
        <div className="mb-claim-details">
          {detailText(claim.details).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ),
    },
    {
      key: 'source',
      title: t('workspace.members.source'),
      width: 90,
      render: (_, claim) => t(`workspace.members.sources.${claim.source}`),
    },
    {
      key: 'created',
      title: t('workspace.members.submittedAt'),
      width: 170,
      render: (_, claim) => formatDateTime(claim.created_at, locale),
    },
    {
      key: 'status',
      title: t('workspace.review.status'),
      width: 110,
      render: (_, claim) => <MemberStatusTag status={claim.status_name} />,
    },
    {
      key: 'actions',
      title: t('workspace.review.actions'),
      width: 150,
      render: (_, claim) =>
        claim.status === CERT_STATUS.pending ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => approve(claim)}>
              {t('workspace.members.approve')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(claim)}>
              {t('workspace.members.reject')}
            </Button>
          </Space>
        ) : (
          claim.status === CERT_STATUS.approved && (
            <Button type="link" size="small" danger onClick={() => remove(claim)}>
              {t('workspace.members.remove')}
            </Button>
          )
        ),
    },
  ];

  return (
    <>
      <StatusTabs<CertStatusName | 'all'>
        variant="segmented"
        value={status}
        onChange={params.setStatus}
        options={STATUS_TABS.map((name) => ({
          value: name,
          label: name === 'all' ? t('workspace.members.anyStatus') : t(`memberStates.${name}`),
        }))}
      />
      <QueryTable<MemberClaim>
        query={list}
        list={params}
        columns={columns}
        scroll={{ x: 900 }}
        empty={t('workspace.members.empty')}
      />
      <RejectModal
        title={rejecting ? t('workspace.members.rejectTitle', { name: nameOf(rejecting) }) : null}
        okText={t('workspace.members.reject')}
        onCancel={() => setRejecting(null)}
        onReject={async (reason) => {
          if (!rejecting) return;
          await review.mutateAsync({ id: rejecting.id, approve: 0, reason });
          setRejecting(null);
          notify.success(t('workspace.members.rejected'));
        }}
      />
    </>
  );
}
