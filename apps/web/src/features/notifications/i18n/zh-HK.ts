import type { NotificationsMessages } from './strings.ts';

/** Strings of notifications, Traditional Chinese (Hong Kong). */
export const notificationsZhHK: NotificationsMessages = {
  notifications: {
    bell: {
      label: '通知，{{count}} 條未讀',
      labelWithTodos: '通知，{{count}} 條未讀，{{todos}} 項待辦',
      title: '通知',
      markAllRead: '全部已讀',
      all: '全部通知',
      empty: '暫無通知',
      todos: '待您處理的待辦：{{count}} 項',
      openTodos: '查看待辦',
    },
    page: {
      title: '通知',
      subtitle: '與您相關的事項發生了變化。需要您處理的事項見待辦。',
      tabs: { all: '全部', unread: '未讀' },
      markAllRead: '全部標為已讀',
      markAllConfirm: '將全部通知標為已讀？',
      markAllContent: '所有未讀通知都將標為已讀，此操作無法撤銷。',
      allMarked: '已將全部通知標為已讀',
      markRead: '標為已讀',
      open: '查看',
      unread: '未讀',
      empty: '暫無通知',
      emptyUnread: '沒有未讀通知',
      columns: { title: '通知', time: '時間', actions: '操作' },
    },
    prefs: {
      title: '微信消息',
      note: '選擇哪些通知同時以微信消息發送給您。僅在您已綁定微信時發送。',
      saved: '已儲存',
    },
    categories: {
      certification: '認證',
      demand: '需求',
      solution: '方案',
      job: '職位與申請',
      member: '機構成員',
      research: '研究項目',
      notebook: '筆記本',
      wish: '合作意願',
    },
  },
};
