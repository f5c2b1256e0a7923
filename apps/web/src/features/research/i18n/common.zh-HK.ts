/** Strings every research screen shares (zh-HK). */
export const commonStringsZhHK = {
  fields: {
    title: '標題',
    summary: '公開簡介',
    description: '詳細說明',
    msc: 'MSC 領域',
    publishRange: '發佈範圍',
    designees: '指定用戶',
    headcount: '招募人數',
    applyDeadline: '報名截止',
    confidential: '保密',
    parent: '所屬課題',
    owner: '負責方',
    members: '成員',
    status: '狀態',
    updated: '更新時間',
    published: '發佈時間',
  },
  memberCount: '{{count}} / {{headcount}}',
  noDeadline: '不限',
  confidentialHidden: '保密項目：詳細說明僅向已接受保密協議的成員顯示。',
  fromSolution: '由「{{title}}」的方案發起',
};
