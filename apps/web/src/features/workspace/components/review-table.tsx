import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CERT_STATUS,
  CERT_STATUS_NAMES,
  IDENTITY_ROLES,
  type CertStatusName,
  type CertificationSummary,
  type IdentityRole,
} from '@mathbridge/contracts/identity';
import { QueryTable } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { dayRangeOf, dayRangeParams, type DayRange } from '../../../lib/day-range.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useReviews } from '../api/reviews.ts';
import { applicantName } from './applicant-name.ts';
import { ReviewStatusTag } from './status-tag.tsx';
import { useCertificationDecision } from './use-certification-decision.tsx';

type StatusTab = CertStatusName | 'all';
const STATUS_TABS: readonly StatusTab[] = [...CERT_STATUS_NAMES, 'all'];
const FILTER_KEYS = ['role', 'keyword', 'date_from', 'date_to'] as const;

interface FilterValues {
  status?: StatusTab;
  role?: IdentityRole;
  keyword?: string;
  dates?: DayRange;
}

const INITIAL: FilterValues = { status: 'pending', role: undefined, keyword: undefined, dates: undefined };

/**
 * Admins review certification requests (workflow/auth2ApproveListV2): filter by status, identity,
 * keyword and submission days, page through them, open one, approve or reject it.
 */
export function ReviewTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<FilterValues>();
  const params = useListParams<StatusTab, (typeof FILTER_KEYS)[number]>({
    statuses: STATUS_TABS,
    defaultStatus: 'pending',
    filters: FILTER_KEYS,
  });
  const status = params.status ?? 'pending';
  const { filters } = params;
  const role = IDENTITY_ROLES.find((known) => known === filters.role);
  const list = useReviews({
    status: status === 'all' ? undefined : CERT_STATUS[status],
    role,
    keyword: filters.keyword,
    date_from: filters.date_from,
    date_to: filters.date_to,
    page: params.page,
    page_size: params.pageSize,
  });
  const decision = useCertificationDecision();
  // The form opens with what the URL says (a reload or a shared link keeps the filter).
  const [initialValues] = useState<FilterValues>(() => ({
    status,
    role,
    keyword: filters.keyword,
    dates: dayRangeOf(filters),
  }));

  const apply = (values: FilterValues) =>
    params.setFilters(
      { role: values.role, keyword: values.keyword?.trim() || undefined, ...dayRangeParams(values.dates) },
      { status: values.status },
    );

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
        initialValues={initialValues}
        onFinish={apply}
        className="mb-filter-bar"
        aria-label={t('workspace.review.filters')}
      >
        <Form.Item name="status" label={t('workspace.review.status')}>
          <Select
            style={{ width: 140 }}
            options={[
              { value: 'all', label: t('workspace.review.anyStatus') },
              ...CERT_STATUS_NAMES.map((name) => ({ value: name, label: t(`reviewStates.${name}`) })),
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
                form.setFieldsValue(INITIAL);
                apply(INITIAL);
              }}
            >
              {t('workspace.review.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <QueryTable<CertificationSummary>
        query={list}
        list={params}
        columns={columns}
        scroll={{ x: 1000 }}
        empty={t('workspace.review.empty')}
        showTotal={(total) => t('workspace.review.total', { total })}
      />
      {decision.dialog}
    </>
  );
}
