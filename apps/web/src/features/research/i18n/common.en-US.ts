/** Strings every research screen shares (en-US). */
export const commonStringsEnUS = {
  fields: {
    title: 'Title',
    summary: 'Public summary',
    description: 'Description',
    msc: 'MSC fields',
    publishRange: 'Open to',
    designees: 'Designated users',
    headcount: 'Headcount',
    applyDeadline: 'Apply by',
    confidential: 'Confidential',
    parent: 'Under subject',
    owner: 'Owner',
    members: 'Members',
    status: 'Status',
    updated: 'Updated',
    published: 'Published',
  },
  memberCount: '{{count}} / {{headcount}}',
  noDeadline: 'No deadline',
  confidentialHidden: 'Confidential: the description is shown to members who accepted the NDA.',
  fromSolution: 'Started from a solution to “{{title}}”',
};
