/** Strings of notifications, English: the reference shape. */
export const notificationsEnUS = {
  notifications: {
    bell: {
      label: 'Notifications, {{count}} unread',
      labelWithTodos: 'Notifications, {{count}} unread, {{todos}} to-dos open',
      title: 'Notifications',
      markAllRead: 'Mark all read',
      all: 'All notifications',
      empty: 'No notifications yet',
      todos: 'To-dos waiting for you: {{count}}',
      openTodos: 'Open to-dos',
    },
    page: {
      title: 'Notifications',
      subtitle: 'What changed in the things that concern you. To-dos list what you must act on.',
      tabs: { all: 'All', unread: 'Unread' },
      markAllRead: 'Mark all read',
      markAllConfirm: 'Mark all notifications read?',
      markAllContent: 'Every unread notification is marked read. This cannot be undone.',
      allMarked: 'All notifications marked read',
      markRead: 'Mark read',
      open: 'Open',
      unread: 'Unread',
      empty: 'No notifications yet',
      emptyUnread: 'Nothing unread',
      columns: { title: 'Notification', time: 'Time', actions: 'Actions' },
    },
    prefs: {
      title: 'WeChat messages',
      note: 'Choose which notifications are also sent to you as a WeChat message. Messages are sent only while your WeChat account is bound.',
      saved: 'Saved',
    },
    categories: {
      certification: 'Certification',
      demand: 'Demands',
      solution: 'Solutions',
      job: 'Jobs and applications',
      member: 'Organisation members',
      research: 'Research projects',
      notebook: 'Notebooks',
    },
  },
};
