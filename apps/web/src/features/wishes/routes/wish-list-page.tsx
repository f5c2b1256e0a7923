import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Table, Tabs, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { WISH_STATES, type Wish, type WishState } from '@mathbridge/contracts/wishes';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatDateTime } from '../../identity/components/format.ts';
import { useOwnWishes } from '../api/wishes.ts';
import { MscTags } from '../components/msc-tags.tsx';
import { WishStatusTag } from '../components/wish-status-tag.tsx';
import '../i18n/strings.ts';
import '../components/wishes.css';

const BASE = '/manage/willManageE';

/** /manage/willManageE/list: the enterprise's cooperation wishes by status, paginated (admins: everyone's). */
export default function WishListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = WISH_STATES.includes(requested as WishState) ? (requested as WishState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('size')) || DEFAULT_PAGE_SIZE;
  const list = useOwnWishes({ status, page, page_size: pageSize });
  const counts = list.data?.counts;

  const go = (next: { status?: string; page?: number; size?: number }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(key);
          else merged.set(key, String(value));
        }
        return merged;
      },
      { replace: true },
    );

  const columns: TableProps<Wish>['columns'] = [
    {
      key: 'title',
      title: t('wishes.list.columns.title'),
      render: (_, wish) => <Link to={`${BASE}/detail/${wish.id}`}>{wish.title}</Link>,
    },
    {
      key: 'fields',
      title: t('wishes.list.columns.fields'),
      render: (_, wish) => <MscTags codes={wish.msc_fields} />,
      responsive: ['lg'],
    },
    {
      key: 'partner',
      title: t('wishes.list.columns.partnerType'),
      render: (_, wish) => t(`partnerTypes.${wish.partner_type}`),
    },
    {
      key: 'duration',
      title: t('wishes.list.columns.duration'),
      render: (_, wish) => t(`wishDurations.${wish.duration}`),
      responsive: ['md'],
    },
    {
      key: 'status',
      title: t('wishes.list.columns.status'),
      render: (_, wish) => <WishStatusTag status={wish.status} />,
    },
    {
      key: 'responses',
      title: t('wishes.list.columns.responses'),
      align: 'end',
      render: (_, wish) => wish.response_count,
    },
    {
      key: 'created',
      title: t('wishes.list.columns.created'),
      render: (_, wish) => formatDateTime(wish.created_at, locale),
      responsive: ['xl'],
    },
    {
      key: 'actions',
      title: t('wishes.list.columns.actions'),
      render: (_, wish) => <Link to={`${BASE}/detail/${wish.id}`}>{t('wishes.list.view')}</Link>,
    },
  ];

  const label = (text: string, count: number | undefined) => (count === undefined ? text : `${text} (${count})`);
  const createButton = (
    <Link to={`${BASE}/create`}>
      <Button type="primary" icon={<PlusOutlined />}>
        {t('wishes.list.create')}
      </Button>
    </Link>
  );

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('wishes.list.title')}</h1>
        <span className="mb-muted">{t('wishes.list.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        extra={admin ? undefined : createButton}
        title={
          <Tabs
            activeKey={status ?? 'all'}
            onChange={(key) => go({ status: key === 'all' ? undefined : key, page: 1 })}
            items={[
              { key: 'all', label: label(t('wishes.list.all'), counts ? counts.open + counts.closed : undefined) },
              ...WISH_STATES.map((state) => ({
                key: state,
                label: label(t(`wishStates.${state}`), counts?.[state]),
              })),
            ]}
          />
        }
      >
        {list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : (
          <Table<Wish>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.items}
            loading={list.isFetching}
            scroll={{ x: 720 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={status ? t('wishes.list.empty') : t('wishes.list.emptyAll')}
                >
                  {!admin && !status && createButton}
                </Empty>
              ),
            }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              hideOnSinglePage: true,
              onChange: (next, size) =>
                go({ page: size === pageSize ? next : 1, size: size === DEFAULT_PAGE_SIZE ? undefined : size }),
            }}
          />
        )}
      </Card>
    </>
  );
}
