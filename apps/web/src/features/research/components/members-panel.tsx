import { UserAddOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Space, Table, type TableProps, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEARCH_TEXT_MAX, type ProjectDetail, type ResearchMember } from '@mathbridge/contracts/research';
import { useLocale } from '../../../i18n/locale.ts';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useApproveJoin, useInvite, useRefuseJoin, useRemoveMember } from '../api/research.ts';
import { managesMembers } from './authority-table.tsx';
import { MemberStatusTag } from './status-tags.tsx';
import { UserSearchSelect } from './user-search-select.tsx';

/**
 * The people of a project: its members, and for those who manage members (owner, manage_members)
 * the applications (approve, refuse with a reason) and invitations, an invite dialog that searches
 * users, and removal after a confirmation.
 */
export function MembersPanel({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const manage = managesMembers(project);
  const approve = useApproveJoin(project.kind);
  const remove = useRemoveMember(project.kind);
  const [refusing, setRefusing] = useState<ResearchMember | null>(null);
  const [inviting, setInviting] = useState(false);
  const of = (status: ResearchMember['status']) => project.members.filter((m) => m.status === status);
  const members = of('member');
  const applied = of('applied');
  const invited = of('invited');

  const confirmApprove = (member: ResearchMember) =>
    notify.confirm({
      title: t('research.manage.members.approve'),
      content: t('research.manage.members.approveConfirm', { name: member.name }),
      okText: t('research.manage.members.approve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await approve.mutateAsync(member.id);
        notify.success(t('research.manage.members.approved', { name: member.name }));
      },
    });
  const confirmRemove = (member: ResearchMember) =>
    notify.confirm({
      title: t('research.manage.members.remove'),
      content: t('research.manage.members.removeConfirm', { name: member.name }),
      okText: t('research.manage.members.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(member.id);
        notify.success(t('research.manage.members.removed', { name: member.name }));
      },
    });

  const name: NonNullable<TableProps<ResearchMember>['columns']>[number] = {
    key: 'name',
    title: t('research.manage.members.name'),
    render: (_, m) => m.name,
  };
  const status: NonNullable<TableProps<ResearchMember>['columns']>[number] = {
    key: 'status',
    title: t('research.fields.status'),
    render: (_, m) => <MemberStatusTag status={m.status} />,
  };
  const since = (title: string): NonNullable<TableProps<ResearchMember>['columns']>[number] => ({
    key: 'since',
    title,
    render: (_, m) => formatDateTime(m.decided_at ?? m.created_at, locale),
    responsive: ['md'],
  });

  const memberColumns: TableProps<ResearchMember>['columns'] = [
    name,
    {
      key: 'permissions',
      title: t('research.manage.members.permissions'),
      render: (_, m) =>
        m.permissions.length
          ? m.permissions.map((p) => t(`researchPermissions.${p}`)).join(t('research.manage.listSeparator'))
          : '—',
      responsive: ['lg'],
    },
    since(t('research.manage.members.joinedAt')),
    ...(manage
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, m: ResearchMember) => (
              <Button size="small" danger onClick={() => confirmRemove(m)} data-testid={`remove-${m.id}`}>
                {t('research.manage.members.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const applicantColumns: TableProps<ResearchMember>['columns'] = [
    name,
    {
      key: 'note',
      title: t('research.manage.members.note'),
      render: (_, m) => <p className="mb-research-note">{m.note ?? '—'}</p>,
    },
    since(t('research.manage.members.appliedAt')),
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, m) => (
        <Space size="small" wrap>
          <Button size="small" type="primary" onClick={() => confirmApprove(m)} data-testid={`approve-${m.id}`}>
            {t('research.manage.members.approve')}
          </Button>
          <Button size="small" onClick={() => setRefusing(m)} data-testid={`refuse-${m.id}`}>
            {t('research.manage.members.refuse')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="mb-research-members" data-testid="members-panel">
      <div className="mb-research-members-head">
        <h2 className="mb-section-title">
          {t('research.manage.members.title', { count: members.length, headcount: project.headcount })}
        </h2>
        {manage && (
          <Button icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="invite-open">
            {t('research.manage.members.invite')}
          </Button>
        )}
      </div>
      <Table<ResearchMember>
        rowKey="id"
        size="small"
        dataSource={members}
        columns={memberColumns}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('research.manage.members.none')} />,
        }}
        data-testid="members-table"
      />
      {manage && (
        <>
          <h2 className="mb-section-title">{t('research.manage.members.applications', { count: applied.length })}</h2>
          <Table<ResearchMember>
            rowKey="id"
            size="small"
            dataSource={applied}
            columns={applicantColumns}
            pagination={false}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('research.manage.members.noApplications')} />
              ),
            }}
            data-testid="applicants-table"
          />
          <h2 className="mb-section-title">{t('research.manage.members.invitations', { count: invited.length })}</h2>
          <Table<ResearchMember>
            rowKey="id"
            size="small"
            dataSource={invited}
            columns={[name, status, since(t('research.manage.members.invitedAt'))]}
            pagination={false}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('research.manage.members.noInvitations')} />
              ),
            }}
            data-testid="invitations-table"
          />
        </>
      )}
      <RefuseModal project={project} member={refusing} onClose={() => setRefusing(null)} />
      {inviting && <InviteModal project={project} onClose={() => setInviting(false)} />}
    </div>
  );
}

function RefuseModal({
  project,
  member,
  onClose,
}: {
  project: ProjectDetail;
  member: ResearchMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refuse = useRefuseJoin(project.kind);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={member !== null}
      title={t('research.manage.members.refuseTitle', { name: member?.name ?? '' })}
      okText={t('research.manage.members.refuse')}
      okButtonProps={{ danger: true, loading: refuse.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      onOk={dialogSubmit(form, async ({ reason }) => {
        if (!member) return;
        await refuse.mutateAsync({ member_id: member.id, reason: reason.trim() });
        notify.success(t('research.manage.members.refused', { name: member.name }));
        onClose();
      })}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('research.manage.members.reason')}
          extra={t('research.manage.members.reasonHelp')}
          rules={[{ required: true, whitespace: true, message: t('research.manage.members.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={RESEARCH_TEXT_MAX.reason} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function InviteModal({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite(project.kind);
  const [form] = Form.useForm<{ user_ids: number[] }>();
  const taken = project.members.map((m) => m.user_id);
  return (
    <Modal
      open
      title={t('research.manage.members.inviteTitle')}
      okText={t('research.manage.members.inviteSend')}
      okButtonProps={{ loading: invite.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={dialogSubmit(form, async ({ user_ids }) => {
        const sent = await invite.mutateAsync({ id: project.id, user_ids });
        notify.success(t('research.manage.members.invited', { count: sent.length }));
        onClose();
      })}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="user_ids"
          label={t(`research.manage.members.inviteWho.${project.kind}`)}
          extra={t('research.manage.members.inviteHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('research.manage.members.inviteRequired') }]}
        >
          <UserSearchSelect kind={project.kind} exclude={taken} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
