import type { NotificationsMessages } from './strings.ts';

/** Strings of notifications, Simplified Chinese. */
export const notificationsZhCN: NotificationsMessages = {
  notifications: {
    bell: {
      label: '通知，{{count}} 条未读',
      labelWithTodos: '通知，{{count}} 条未读，{{todos}} 项待办',
      title: '通知',
      markAllRead: '全部已读',
      all: '全部通知',
      empty: '暂无通知',
      todos: '待您处理的待办：{{count}} 项',
      openTodos: '查看待办',
    },
    page: {
      title: '通知',
      subtitle: '与您相关的事项发生了变化。需要您处理的事项见待办。',
      tabs: { all: '全部', unread: '未读' },
      markAllRead: '全部标为已读',
      markAllConfirm: '将全部通知标为已读？',
      markAllContent: '所有未读通知都将标为已读，此操作无法撤销。',
      allMarked: '已将全部通知标为已读',
      markRead: '标为已读',
      open: '查看',
      unread: '未读',
      empty: '暂无通知',
      emptyUnread: '没有未读通知',
      columns: { title: '通知', time: '时间', actions: '操作' },
    },
    prefs: {
      title: '微信消息',
      note: '选择哪些通知同时以微信消息发送给您。仅在您已绑定微信时发送。',
      saved: '已保存',
    },
    categories: {
      certification: '认证',
      demand: '需求',
      solution: '方案',
      job: '职位与申请',
      member: '机构成员',
      research: '研究项目',
      notebook: '笔记本',
      wish: '合作意愿',
    },
  },
};
