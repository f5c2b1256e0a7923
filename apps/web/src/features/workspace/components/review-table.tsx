import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import {
  CERT_STATUS,
  CERT_STATUS_NAMES,
  IDENTITY_ROLES,
  type CertificationSummary,
  type IdentityRole,
} from '@mathbridge/contracts/identity';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReviews, type ReviewFilter } from '../api/reviews.ts';
import { applicantName } from './applicant-name.ts';
import { ReviewStatusTag } from './status-tag.tsx';
import { useCertificationDecision } from './use-certification-decision.tsx';

interface FilterValues {
  status?: number | 'all';
  role?: IdentityRole;
  keyword?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const INITIAL: FilterValues = { status: CERT_STATUS.pending };

function filterOf(values: FilterValues): Omit<ReviewFilter, 'page' | 'page_size'> {
  const [from, to] = values.dates ?? [];
  return {
    status: values.status === 'all' ? undefined : values.status,
    role: values.role,
    keyword: values.keyword?.trim() || undefined,
    date_from: from?.format('YYYY-MM-DD'),
    date_to: to?.format('YYYY-MM-DD'),
  };
}

/**
 * Admins review certification requests (workflow/auth2ApproveListV2): filter by status, identity,
 * keyword and submission days, page through them, open one, approve or reject it.
 */
export function ReviewTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState(() => filterOf(INITIAL));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useReviews({ ...filter, page, page_size: pageSize });
  const decision = useCertificationDecision();

  const apply = (values: FilterValues) => {
    setFilter(filterOf(values));
    setPage(1);
  };

  const columns: TableProps<CertificationSummary>['columns'] = [
    {
      key: 'title',
      title: t('workspace.review.name'),
      render: (_, cert) => (
        <Button type="link" className="mb-table-link" onClick={() => onOpen(cert.id)}>
          {cert.title}
        </Button>
      ),
    },
    {
      key: 'role',
      title: t('workspace.review.role'),
      width: 160,
      render: (_, cert) => (
        <Space size={4} wrap>
          <Tag color="blue">{t(`roles.${cert.role}`)}</Tag>
          {cert.source === 'invitation' && <Tag>{t('workspace.review.invitation')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'applicant',
      title: t('workspace.review.applicant'),
      render: (_, cert) => (
        <span>
          {applicantName(cert.user) && (
            <>
              {applicantName(cert.user)}
              <br />
            </>
          )}
          <span className="mb-muted">{cert.user.phone}</span>
        </span>
      ),
    },
    {
      key: 'submitted',
      title: t('workspace.review.submittedAt'),
      width: 190,
      render: (_, cert) => formatDateTime(cert.submitted_at, locale),
    },
    {
      key: 'status',
      title: t('workspace.review.status'),
      width: 130,
      render: (_, cert) => <ReviewStatusTag status={cert.status_name} />,
    },
    {
      key: 'actions',
      title: t('workspace.review.actions'),
      width: 230,
      render: (_, cert) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(cert.id)}>
            {t('workspace.review.view')}
          </Button>
          {cert.status === CERT_STATUS.pending && (
            <>
              <Button type="link" size="small" onClick={() => decision.approve(cert)}>
                {t('workspace.review.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => decision.reject(cert)}>
                {t('workspace.review.reject')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={INITIAL}
        onFinish={apply}
        className="mb-filter-bar"
        aria-label={t('workspace.review.filters')}
      >
        <Form.Item name="status" label={t('workspace.review.status')}>
          <Select
            style={{ width: 140 }}
            options={[
              { value: 'all', label: t('workspace.review.anyStatus') },
              ...CERT_STATUS_NAMES.map((name) => ({ value: CERT_STATUS[name], label: t(`reviewStates.${name}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="role" label={t('workspace.review.role')}>
          <Select
            style={{ width: 150 }}
            allowClear
            placeholder={t('workspace.review.anyRole')}
            options={IDENTITY_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('workspace.review.keyword')}
            aria-label={t('workspace.review.keyword')}
            maxLength={50}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('workspace.review.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('workspace.review.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                apply(INITIAL);
              }}
            >
              {t('workspace.review.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table<CertificationSummary>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.review.empty')} />,
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('workspace.review.total', { total }),
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      )}
      {decision.dialog}
    </>
  );
}
