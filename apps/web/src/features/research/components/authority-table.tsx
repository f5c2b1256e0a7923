import { Button, Checkbox, Empty, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIVE_PROJECT_STATES,
  PERMISSION_PRESETS,
  RESEARCH_PERMISSIONS,
  type PermissionPreset,
  type ProjectDetail,
  type ResearchPermission,
} from '@mathbridge/contracts/research';
import { notify } from '../../../lib/notify.ts';
import { useSetPermissions } from '../api/research.ts';

type Row =
  | { key: string; owner: true; name: string }
  | { key: string; owner: false; name: string; memberId: number; permissions: ResearchPermission[] };

const PRESETS = Object.keys(PERMISSION_PRESETS) as PermissionPreset[];

/** Whether the viewer may change members and their permissions (the server checks it again). */
export const managesMembers = (project: ProjectDetail) =>
  (project.is_owner || project.my_permissions.includes('manage_members')) &&
  (LIVE_PROJECT_STATES as readonly string[]).includes(project.status);

/**
 * authorityManagement: each member's permission set as checkboxes, with the presets manager /
 * member / viewer; the owner holds all and is not editable. Read-only for those who may not manage.
 */
export function AuthorityTable({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const set = useSetPermissions(project.kind);
  const editable = managesMembers(project);
  const rows: Row[] = [
    { key: 'owner', owner: true, name: project.owner.name },
    ...project.members
      .filter((m) => m.status === 'member')
      .map((m) => ({
        key: String(m.id),
        owner: false as const,
        name: m.name,
        memberId: m.id,
        permissions: m.permissions,
      })),
  ];

  const change = async (input: {
    member_id: number;
    preset?: PermissionPreset;
    permissions?: ResearchPermission[];
  }) => {
    await set.mutateAsync(input);
    notify.success(t('research.manage.authority.saved'));
  };
  const toggle = (row: Extract<Row, { owner: false }>, permission: ResearchPermission, on: boolean) => {
    const next = RESEARCH_PERMISSIONS.filter((p) => (p === permission ? on : row.permissions.includes(p)));
    void change({ member_id: row.memberId, permissions: next }).catch(() => undefined);
  };

  const columns: TableProps<Row>['columns'] = [
    { key: 'name', title: t('research.manage.members.name'), render: (_, row) => row.name, fixed: 'left' },
    ...RESEARCH_PERMISSIONS.map((permission) => ({
      key: permission,
      title: t(`researchPermissions.${permission}`),
      align: 'center' as const,
      render: (_: unknown, row: Row) =>
        row.owner ? (
          <Checkbox checked disabled aria-label={`${row.name} ${t(`researchPermissions.${permission}`)}`} />
        ) : (
          <Checkbox
            checked={row.permissions.includes(permission)}
            disabled={!editable || set.isPending}
            onChange={(event) => toggle(row, permission, event.target.checked)}
            aria-label={`${row.name} ${t(`researchPermissions.${permission}`)}`}
            data-testid={`perm-${row.memberId}-${permission}`}
          />
        ),
    })),
    {
      key: 'presets',
      title: t('research.manage.authority.presets'),
      render: (_, row) =>
        row.owner ? (
          <Tag color="blue">{t('research.manage.authority.all')}</Tag>
        ) : (
          <Space size={4} wrap>
            {PRESETS.map((preset) => (
              <Button
                key={preset}
                size="small"
                disabled={!editable || set.isPending}
                onClick={() => void change({ member_id: row.memberId, preset }).catch(() => undefined)}
                data-testid={`preset-${row.memberId}-${preset}`}
              >
                {t(`permissionPresets.${preset}`)}
              </Button>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <Table<Row>
      rowKey="key"
      size="small"
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 760 }}
      loading={set.isPending}
      data-testid="authority-table"
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('research.manage.members.none')} />,
      }}
      footer={
        rows.length === 1
          ? () => <span className="mb-muted">{t('research.manage.authority.noMembers')}</span>
          : editable
            ? undefined
            : () => (
                <span className="mb-muted">
                  {(LIVE_PROJECT_STATES as readonly string[]).includes(project.status)
                    ? t('research.manage.authority.readOnly')
                    : t('research.manage.authority.ended')}
                </span>
              )
      }
    />
  );
}
