import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Popconfirm, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVITATION_STATES,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationState,
} from '@mathbridge/contracts/org';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/invitations.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';

const STATE_COLORS: Record<InvitationState, string> = {
  valid: 'green',
  expired: 'default',
  revoked: 'red',
  accepted: 'blue',
};

const absolute = (path: string) => new URL(path, window.location.origin).toString();

/**
 * The owner's invitation links (sys/invite, sys/invitationList, sys/revokeInvite): create one and
 * copy it, see which were used, revoke those still open.
 */
export function InvitationManager({ org }: { org: { id: number; name: string } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useListParams<InvitationState>({ statuses: INVITATION_STATES });
  const { status } = params;
  const [fresh, setFresh] = useState<Invitation | null>(null);
  const list = useInvitations({ page: params.page, page_size: params.pageSize, ...(status ? { status } : {}) }, true);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();

  const columns: TableProps<Invitation>['columns'] = [
    {
      key: 'link',
      title: t('identity.invitations.link'),
      render: (_, invitation) => (
        <Typography.Text
          className="mb-invite-link"
          copyable={
            invitation.state === 'valid'
              ? {
                  text: absolute(invitation.url),
                  tooltips: [t('identity.invitations.copy'), t('identity.invitations.copied')],
                }
              : false
          }
          ellipsis
        >
          {absolute(invitation.url)}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('identity.invitations.state'),
      width: 110,
      render: (_, invitation) => (
        <Tag color={STATE_COLORS[invitation.state]}>{t(`invitationStates.${invitation.state}`)}</Tag>
      ),
    },
    {
      key: 'created',
      title: t('identity.invitations.createdAt'),
      width: 170,
      render: (_, invitation) => formatDateTime(invitation.created_at, locale),
    },
    {
      key: 'expires',
      title: t('identity.invitations.expiresAt'),
      width: 170,
      render: (_, invitation) => formatDateTime(invitation.expires_at, locale),
    },
    {
      key: 'accepted',
      title: t('identity.invitations.acceptedBy'),
      render: (_, invitation) => invitation.accepted_by?.truename || invitation.accepted_by?.account || '—',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      render: (_, invitation) =>
        invitation.state === 'valid' && (
          <Popconfirm
            title={t('identity.invitations.revokeTitle')}
            description={t('identity.invitations.revokeContent')}
            okText={t('identity.invitations.revoke')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              await revoke.mutateAsync(invitation.id);
              notify.success(t('identity.invitations.revoked'));
            }}
          >
            <Button type="link" danger size="small">
              {t('identity.invitations.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('identity.invitations.title')}
      className="mb-cert-section"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          loading={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: (invitation) => setFresh(invitation) })}
        >
          {t('identity.invitations.create')}
        </Button>
      }
    >
      <p className="mb-muted">{t('identity.invitations.hint', { org: org.name, days: INVITATION_TTL_DAYS })}</p>
      <StatusTabs<InvitationState | 'all'>
        variant="segmented"
        value={status ?? 'all'}
        onChange={(value) => params.setStatus(value === 'all' ? undefined : value)}
        options={[
          { value: 'all', label: t('identity.invitations.all') },
          ...INVITATION_STATES.map((state) => ({ value: state, label: t(`invitationStates.${state}`) })),
        ]}
      />
      <QueryTable<Invitation>
        query={list}
        list={params}
        size="middle"
        columns={columns}
        scroll={{ x: 820 }}
        empty={t('identity.invitations.empty')}
      />
      <Modal
        open={fresh !== null}
        title={t('identity.invitations.newLinkTitle')}
        onCancel={() => setFresh(null)}
        footer={<Button onClick={() => setFresh(null)}>{t('common.confirm')}</Button>}
        destroyOnHidden
      >
        {fresh && (
          <>
            <Typography.Paragraph
              copyable={{
                text: absolute(fresh.url),
                tooltips: [t('identity.invitations.copy'), t('identity.invitations.copied')],
              }}
              className="mb-invite-fresh"
            >
              <LinkOutlined aria-hidden /> {absolute(fresh.url)}
            </Typography.Paragraph>
            <p className="mb-muted">
              {t('identity.invitations.newLinkHint', { date: formatDate(fresh.expires_at, locale) })}
            </p>
          </>
        )}
      </Modal>
    </Card>
  );
}
