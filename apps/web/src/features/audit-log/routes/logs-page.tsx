import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import type { AuditLogEntry } from '@mathbridge/contracts/workflow';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLogs, type LogsFilter } from '../api/get-logs.ts';
import type { AuditLogMessages } from '../i18n/strings.ts';
import '../i18n/strings.ts';
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

interface FilterValues {
  actor?: string;
  action?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

function filterOf(values: FilterValues): Omit<LogsFilter, 'page' | 'page_size'> {
  const [from, to] = values.dates ?? [];
  return {
    actor: values.actor?.trim() || undefined,
    action: values.action,
    date_from: from?.format('YYYY-MM-DD'),
    date_to: to?.format('YYYY-MM-DD'),
  };
}

/** /manage/logs (admins): the audit log (sys/getLogs) by actor, action and date range, paged. */
export default function LogsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<Omit<LogsFilter, 'page' | 'page_size'>>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const logs = useLogs({ ...filter, page, page_size: pageSize });

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
          onFinish={(values) => {
            setFilter(filterOf(values));
            setPage(1);
          }}
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
                  form.resetFields();
                  setFilter({});
                  setPage(1);
                }}
              >
                {t('auditLog.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {logs.isError && !logs.data ? (
          <LoadError onRetry={() => void logs.refetch()} />
        ) : (
          <Table<AuditLogEntry>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={logs.data?.items}
            loading={logs.isFetching}
            scroll={{ x: 900 }}
            expandable={{
              rowExpandable: (entry) => entry.detail !== null && entry.detail !== undefined,
              expandedRowRender: (entry) => (
                <pre className="mb-log-detail" aria-label={t('auditLog.detail')}>
                  {JSON.stringify(entry.detail, null, 2)}
                </pre>
              ),
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditLog.empty')} /> }}
            pagination={{
              current: page,
              pageSize,
              total: logs.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('auditLog.total', { total }),
              onChange: (next, size) => {
                setPage(size === pageSize ? next : 1);
                setPageSize(size);
              },
            }}
          />
        )}
      </Card>
    </>
  );
}
