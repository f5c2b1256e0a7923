import { BellOutlined, CheckSquareOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NOTIFICATION_POPOVER_SIZE } from '@mathbridge/contracts/constants';
import type { Notification } from '@mathbridge/contracts/notifications';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications.ts';
import './notifications.css';

export interface NotificationBellProps {
  /** The open to-do count, for users who have a to-do list (undefined: none, or not known yet). */
  todos?: number | undefined;
}

/**
 * The header's one bell (issue 13): the unread notification count, polled; a click opens the
 * latest notifications (a click on one marks it read and opens its object), 'mark all read', the
 * page, and for users with a to-do list their open to-dos.
 */
export default function NotificationBell({ todos }: NotificationBellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const label =
    todos === undefined
      ? t('notifications.bell.label', { count: unread })
      : t('notifications.bell.labelWithTodos', { count: unread, todos });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      title={<BellHeader unread={unread} />}
      content={<BellContent todos={todos} onDone={() => setOpen(false)} />}
      classNames={{ root: 'mb-notification-popover' }}
    >
      <Badge count={unread} size="small" offset={[-4, 4]} dot={unread === 0 && !!todos}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          // `mb-todo-bell` kept for users with a to-do list: the bell that replaced the to-do bell.
          className={todos === undefined ? 'mb-notification-bell' : 'mb-notification-bell mb-todo-bell'}
        />
      </Badge>
    </Popover>
  );
}

function BellHeader({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const markAll = useMarkAllRead();
  return (
    <div className="mb-notification-popover-head">
      <span>{t('notifications.bell.title')}</span>
      <Button
        type="link"
        size="small"
        disabled={unread === 0}
        loading={markAll.isPending}
        onClick={() => markAll.mutate()}
      >
        {t('notifications.bell.markAllRead')}
      </Button>
    </div>
  );
}

function BellContent({ todos, onDone }: { todos: number | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const latest = useNotifications({ page: 1, page_size: NOTIFICATION_POPOVER_SIZE });
  const markRead = useMarkRead();

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate([item.id]);
    onDone();
    void navigate(item.path);
  };

  let body;
  if (latest.isError && !latest.data) body = <LoadError onRetry={() => void latest.refetch()} />;
  else if (!latest.data) body = <Spin className="mb-notification-popover-spin" />;
  else if (latest.data.items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.bell.empty')} />;
  else
    body = (
      <ul className="mb-notification-popover-list">
        {latest.data.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={item.read ? 'mb-notification-item' : 'mb-notification-item mb-notification-unread'}
              onClick={() => openItem(item)}
            >
              {!item.read && (
                <>
                  <Badge status="processing" className="mb-notification-dot" aria-hidden />
                  <span className="mb-visually-hidden">{t('notifications.page.unread')}</span>
                </>
              )}
              <span className="mb-notification-item-title">{item.title}</span>
              <span className="mb-notification-item-time">{formatRelativeTime(item.created_at, locale)}</span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mb-notification-popover-body">
      {body}
      {todos !== undefined && (
        <Link to="/manage/todoList" className="mb-notification-popover-todos" onClick={onDone}>
          <CheckSquareOutlined aria-hidden />
          <span>{t('notifications.bell.todos', { count: todos })}</span>
        </Link>
      )}
      <div className="mb-notification-popover-foot">
        <Link to="/account/notifications" onClick={onDone}>
          {t('notifications.bell.all')}
        </Link>
      </div>
    </div>
  );
}
