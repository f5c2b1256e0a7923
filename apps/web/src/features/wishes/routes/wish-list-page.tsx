import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WISH_STATES, type Wish, type WishState } from '@mathbridge/contracts/wishes';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useOwnWishes } from '../api/wishes.ts';
import { MscTags } from '../../../components/msc-tags.tsx';
import { WishStatusTag } from '../components/wish-status-tag.tsx';
import '../components/wishes.css';

const BASE = '/manage/willManageE';

/** /manage/willManageE/list: the enterprise's cooperation wishes by status, paginated (admins: everyone's). */
export default function WishListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const params = useListParams<WishState>({ statuses: WISH_STATES });
  const { status } = params;
  const list = useOwnWishes({ status, page: params.page, page_size: params.pageSize });
  const counts = list.data?.counts;

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
          <StatusTabs<WishState | 'all'>
            value={status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              { value: 'all', label: t('wishes.list.all'), count: counts ? counts.open + counts.closed : undefined },
              ...WISH_STATES.map((state) => ({
                value: state,
                label: t(`wishStates.${state}`),
                count: counts?.[state],
              })),
            ]}
          />
        }
      >
        <QueryTable<Wish>
          query={list}
          list={params}
          columns={columns}
          scroll={{ x: 720 }}
          empty={status ? t('wishes.list.empty') : t('wishes.list.emptyAll')}
          emptyAction={!admin && !status && createButton}
        />
      </Card>
    </>
  );
}
