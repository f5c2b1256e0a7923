import { Badge, Button, Card, Empty, Modal, Pagination, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  NOTIFICATION_CATEGORIES,
  type Notification,
  type NotificationCategory,
} from '@mathbridge/contracts/notifications';
import { ItemList, ItemListRow } from '../../../components/item-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationPrefs,
  useNotifications,
  useSaveNotificationPrefs,
  useUnreadCount,
} from '../api/notifications.ts';
import '../components/notifications.css';

const TABS = ['all', 'unread'] as const;
type Tab = (typeof TABS)[number];

/** /account/notifications (issue 13): the caller's notifications, all or unread, and the WeChat switches. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="mb-page-header">
        <h1>{t('notifications.page.title')}</h1>
        <span className="mb-muted">{t('notifications.page.subtitle')}</span>
      </header>
      <NotificationList />
      <WechatPrefs />
    </>
  );
}

function NotificationList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [modal, modalHolder] = Modal.useModal();
  const params = useListParams<Tab>({ statuses: TABS, defaultStatus: 'all' });
  const tab = params.status ?? 'all';
  const list = useNotifications({
    page: params.page,
    page_size: params.pageSize,
    ...(tab === 'unread' ? { unread: 1 } : {}),
  });
  const unread = useUnreadCount().data;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const confirmMarkAll = () =>
    void modal.confirm({
      title: t('notifications.page.markAllConfirm'),
      content: t('notifications.page.markAllContent'),
      okText: t('notifications.page.markAllRead'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await markAll.mutateAsync();
          notify.success(t('notifications.page.allMarked'));
        } catch {
          // Reported by the API client.
        }
      },
    });

  return (
    <Card
      variant="borderless"
      extra={
        <Button onClick={confirmMarkAll} disabled={!unread} loading={markAll.isPending}>
          {t('notifications.page.markAllRead')}
        </Button>
      }
      title={
        <StatusTabs<Tab>
          variant="segmented"
          value={tab}
          onChange={params.setStatus}
          options={TABS.map((value) => ({
            value,
            label: t(`notifications.page.tabs.${value}`),
            ...(value === 'unread' && unread !== undefined ? { count: unread } : {}),
          }))}
        />
      }
      className="mb-notification-card"
    >
      {modalHolder}
      {list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <ItemList<Notification>
          className="mb-notification-list"
          loading={list.isFetching}
          items={list.data?.items ?? []}
          itemKey={(item) => item.id}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={tab === 'unread' ? t('notifications.page.emptyUnread') : t('notifications.page.empty')}
            />
          }
          footer={
            (list.data?.total ?? 0) > params.pageSize && (
              <Pagination
                className="mb-item-list-pagination"
                align="end"
                current={params.page}
                pageSize={params.pageSize}
                total={list.data?.total ?? 0}
                onChange={params.setPage}
                showSizeChanger
                size="small"
              />
            )
          }
          renderItem={(item) => (
            <ItemListRow
              className={item.read ? 'mb-notification-row' : 'mb-notification-row mb-notification-unread'}
              actions={
                item.read
                  ? []
                  : [
                      <Button key="read" size="small" type="link" onClick={() => markRead.mutate([item.id])}>
                        {t('notifications.page.markRead')}
                      </Button>,
                    ]
              }
            >
              <div className="mb-notification-row-body">
                <span className="mb-notification-row-title">
                  {!item.read && (
                    <>
                      <Badge status="processing" aria-hidden />
                      <span className="mb-visually-hidden">{t('notifications.page.unread')}</span>
                    </>
                  )}
                  <Link to={item.path} onClick={() => !item.read && markRead.mutate([item.id])}>
                    {item.title}
                  </Link>
                </span>
                <span className="mb-notification-row-time">{formatDateTime(item.created_at, locale)}</span>
              </div>
            </ItemListRow>
          )}
        />
      )}
    </Card>
  );
}

function WechatPrefs() {
  const { t } = useTranslation();
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const on = (category: NotificationCategory) => prefs.data?.find((p) => p.category === category)?.wechat !== 0;

  const toggle = async (category: NotificationCategory, checked: boolean) => {
    try {
      await save.mutateAsync({ prefs: [{ category, wechat: checked ? 1 : 0 }] });
      notify.success(t('notifications.prefs.saved'));
    } catch {
      // Reported by the API client.
    }
  };

  return (
    <Card variant="borderless" title={t('notifications.prefs.title')} className="mb-notification-prefs">
      <p className="mb-muted">{t('notifications.prefs.note')}</p>
      {prefs.isError && !prefs.data ? (
        <LoadError onRetry={() => void prefs.refetch()} />
      ) : !prefs.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <ItemList
          items={NOTIFICATION_CATEGORIES}
          itemKey={(category) => category}
          renderItem={(category) => (
            <ItemListRow
              extra={
                <Switch
                  checked={on(category)}
                  loading={save.isPending && save.variables.prefs[0]?.category === category}
                  onChange={(checked) => void toggle(category, checked)}
                  aria-label={`${t('notifications.prefs.title')}: ${t(`notifications.categories.${category}`)}`}
                />
              }
            >
              {t(`notifications.categories.${category}`)}
            </ItemListRow>
          )}
        />
      )}
    </Card>
  );
}
