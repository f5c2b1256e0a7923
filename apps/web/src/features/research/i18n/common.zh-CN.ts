/** Strings every research screen shares (zh-CN). */
export const commonStringsZhCN = {
  fields: {
    title: '标题',
    summary: '公开简介',
    description: '详细说明',
    msc: 'MSC 领域',
    publishRange: '发布范围',
    designees: '指定用户',
    headcount: '招募人数',
    applyDeadline: '报名截止',
    confidential: '保密',
    parent: '所属课题',
    owner: '负责方',
    members: '成员',
    status: '状态',
    updated: '更新时间',
    published: '发布时间',
  },
  memberCount: '{{count}} / {{headcount}}',
  noDeadline: '不限',
  confidentialHidden: '保密项目：详细说明仅向已接受保密协议的成员显示。',
  fromSolution: '由“{{title}}”的方案发起',
};
