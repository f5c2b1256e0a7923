import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Space, Tag, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@mathbridge/contracts/workflow';
import { QueryTable } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { dayRangeOf, dayRangeParams, type DayRange } from '../../../lib/day-range.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useLogs } from '../api/get-logs.ts';
import type { AuditLogMessages } from '../i18n/strings.ts';
import './logs-page.css';

type Family = keyof AuditLogMessages['auditLog']['families'];
type Action = keyof AuditLogMessages['auditLog']['actions'];
type Target = keyof AuditLogMessages['auditLog']['targets'];

const FAMILIES: Family[] = [
  'certification',
  'certificate',
  'role',
  'survey',
  'org',
  'member',
  'invitation',
  'user',
  'contact',
  'admin',
  'files',
];
const ACTIONS: Action[] = [
  'certification.submit',
  'certification.approve',
  'certification.reject',
  'certification.withdraw',
  'certification.view',
  'certificate.upload',
  'role.select',
  'survey.save',
  'org.update',
  'org.logo_upload',
  'member.claim',
  'member.approve',
  'member.reject',
  'member.leave',
  'member.remove',
  'invitation.create',
  'invitation.revoke',
  'invitation.accept',
  'user.register',
  'user.login',
  'user.profile_update',
  'user.password_change',
  'user.password_reset',
  'user.avatar_upload',
  'contact.create',
  'contact.update',
  'contact.delete',
  'admin.create',
  'admin.reset',
  'files.upload',
  'files.folder_create',
  'files.rename',
  'files.move',
  'files.copy',
  'files.trash',
  'files.restore',
  'files.purge',
  'files.replace',
  'files.space_create',
  'files.space_delete',
  'files.member_grant',
  'files.member_revoke',
];
const TARGETS = new Set<string>([
  'certification',
  'contact',
  'file',
  'file_node',
  'file_space',
  'invitation',
  'member_claim',
  'organisation',
  'user',
]);

const FILTER_KEYS = ['actor', 'action', 'date_from', 'date_to'] as const;

interface FilterValues {
  actor?: string;
  action?: string;
  dates?: DayRange;
}

/** /manage/logs (admins): the audit log (sys/getLogs) by actor, action and date range, paged. */
export default function LogsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<FilterValues>();
  const params = useListParams<never, (typeof FILTER_KEYS)[number]>({ filters: FILTER_KEYS });
  const { filters } = params;
  const logs = useLogs({ ...filters, page: params.page, page_size: params.pageSize });
  // The form opens with what the URL says (a reload or a shared link keeps the filter).
  const [initialValues] = useState<FilterValues>(() => ({
    actor: filters.actor,
    action: filters.action,
    dates: dayRangeOf(filters),
  }));
  const apply = (values: FilterValues) =>
    params.setFilters({
      actor: values.actor?.trim() || undefined,
      action: values.action,
      ...dayRangeParams(values.dates),
    });

  const actionOptions = useMemo(
    () =>
      FAMILIES.map((family) => ({
        label: t(`auditLog.families.${family}`),
        options: [
          { value: family, label: t('auditLog.allOf', { family: t(`auditLog.families.${family}`) }) },
          ...ACTIONS.filter((action) => action.startsWith(`${family}.`)).map((action) => ({
            value: action,
            label: t(`auditLog.actions.${action}`),
          })),
        ],
      })),
    [t],
  );
  const actionLabel = (action: string) =>
    (ACTIONS as string[]).includes(action) ? t(`auditLog.actions.${action as Action}`) : action;

  const columns: TableProps<AuditLogEntry>['columns'] = [
    {
      key: 'time',
      title: t('auditLog.time'),
      width: 180,
      render: (_, entry) => formatDateTime(entry.created_at, locale, 'precise'),
    },
    {
      key: 'actor',
      title: t('auditLog.actor'),
      width: 180,
      render: (_, entry) =>
        entry.actor ? (
          <span>
            {entry.actor.truename || entry.actor.account}
            {entry.actor.truename && <span className="mb-muted"> · {entry.actor.account}</span>}
          </span>
        ) : (
          <span className="mb-muted">{t('auditLog.system')}</span>
        ),
    },
    {
      key: 'action',
      title: t('auditLog.action'),
      render: (_, entry) => (
        <Space size={4} wrap>
          <span>{actionLabel(entry.action)}</span>
          <Tag className="mb-log-code">{entry.action}</Tag>
        </Space>
      ),
    },
    {
      key: 'target',
      title: t('auditLog.target'),
      width: 240,
      render: (_, entry) =>
        entry.target_type
          ? `${TARGETS.has(entry.target_type) ? t(`auditLog.targets.${entry.target_type as Target}`) : entry.target_type} #${entry.target_id ?? ''}`
          : '—',
    },
    { key: 'ip', title: t('auditLog.ip'), width: 140, render: (_, entry) => entry.ip ?? '—' },
  ];

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('auditLog.title')}</h1>
        <span className="mb-muted">{t('auditLog.subtitle')}</span>
      </header>
      <Card variant="borderless">
        <Form
          form={form}
          layout="inline"
          initialValues={initialValues}
          onFinish={apply}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          <Form.Item name="actor" label={t('auditLog.actor')}>
            <Input allowClear placeholder={t('auditLog.actorPlaceholder')} maxLength={60} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="action" label={t('auditLog.action')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('auditLog.anyAction')}
              options={actionOptions}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item name="dates" label={t('auditLog.dates')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('auditLog.search')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.setFieldsValue({ actor: undefined, action: undefined, dates: undefined });
                  apply({});
                }}
              >
                {t('auditLog.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <QueryTable<AuditLogEntry>
          query={logs}
          list={params}
          size="middle"
          columns={columns}
          scroll={{ x: 900 }}
          expandable={{
            rowExpandable: (entry) => entry.detail !== null && entry.detail !== undefined,
            expandedRowRender: (entry) => (
              <pre className="mb-log-detail" aria-label={t('auditLog.detail')}>
                {JSON.stringify(entry.detail, null, 2)}
              </pre>
            ),
          }}
          empty={t('auditLog.empty')}
          showTotal={(total) => t('auditLog.total', { total })}
        />
      </Card>
    </>
  );
}
