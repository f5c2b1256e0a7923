import { Button, Empty, Segmented, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { CERT_STATUS, CERT_STATUS_NAMES } from '@mathbridge/contracts/identity';
import type { MemberClaim } from '@mathbridge/contracts/org';
import { EDUCATION_DEGREES } from '@mathbridge/contracts/roles';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime } from '../../identity/components/format.ts';
import { useMemberClaims, useReviewMemberClaim } from '../api/member-claims.ts';
import '../../identity/i18n/strings.ts';
import { RejectModal } from './decision-modal.tsx';
import { ReviewStatusTag } from './status-tag.tsx';

/** What a person stated, with the certification form's labels. */
const DETAIL_LABELS = {
  truename: 'identity.form.truename',
  degree: 'identity.form.degree',
  position: 'identity.form.position',
  employeeNumber: 'identity.form.employeeNumber',
  studentNumber: 'identity.form.studentNumber',
  supervisor: 'identity.form.supervisor',
} as const;

/**
 * Organisation owners confirm or decline people who named their organisation as institution
 * (org/getUserAuth, org/userAuth); admins see every organisation's.
 */
export function MemberClaimsTable({ showOrganisation }: { showOrganisation: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<number | 'all'>(CERT_STATUS.pending);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [rejecting, setRejecting] = useState<MemberClaim | null>(null);
  const list = useMemberClaims({ page, page_size: pageSize, ...(status === 'all' ? {} : { status }) }, true);
  const review = useReviewMemberClaim();
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
      render: (_, claim) => <ReviewStatusTag status={claim.status_name} />,
    },
    {
      key: 'actions',
      title: t('workspace.review.actions'),
      width: 150,
      render: (_, claim) =>
        claim.status === CERT_STATUS.pending && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => approve(claim)}>
              {t('workspace.members.approve')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(claim)}>
              {t('workspace.members.reject')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(value as number | 'all');
          setPage(1);
        }}
        options={[
          ...CERT_STATUS_NAMES.map((name) => ({
            value: CERT_STATUS[name],
            label: t(`memberStates.${name}`),
          })),
          { value: 'all', label: t('workspace.members.anyStatus') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table<MemberClaim>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.members.empty')} />,
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      )}
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
