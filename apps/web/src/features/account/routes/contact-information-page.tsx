import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@mathbridge/contracts/accounts';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useContacts } from '../api/get-contacts.ts';
import { ContactFormModal } from '../components/contact-form-modal.tsx';

/** /account/contact-information: the user's contacts, with add, edit and delete. */
export default function ContactInformationPage() {
  const { t } = useTranslation();
  const contacts = useContacts();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<{ contact: Contact | null } | null>(null);

  const onDelete = async (contact: Contact) => {
    try {
      await remove.mutateAsync(contact.id);
      notify.success(t('account.contacts.deleted'));
    } catch {
      // The API client has already shown why.
    }
  };

  const columns: TableColumnsType<Contact> = [
    {
      title: t('account.contacts.name'),
      dataIndex: 'name',
      render: (name: string, contact) => (
        <Space size={8}>
          <span>{name}</span>
          {contact.is_default === 1 && <Tag color="blue">{t('account.contacts.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('account.contacts.phone'), dataIndex: 'phone' },
    {
      title: t('account.contacts.email'),
      dataIndex: 'email',
      render: (email: string | null) => email || '—',
      responsive: ['md'],
    },
    {
      title: t('account.contacts.position'),
      dataIndex: 'position',
      render: (position: string | null) => position || '—',
      responsive: ['lg'],
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_value, contact) => (
        <Space size={0}>
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing({ contact })}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('account.contacts.deleteConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => onDelete(contact)}
          >
            <Button type="link" danger icon={<DeleteOutlined />}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ contact: null })}>
      {t('account.contacts.add')}
    </Button>
  );

  return (
    <>
      <header className="mb-page-header mb-page-header-row">
        <div>
          <h1>{t('account.contacts.title')}</h1>
          <span className="mb-muted">{t('account.contacts.subtitle')}</span>
        </div>
        {contacts.data?.length ? addButton : null}
      </header>
      <Card variant="borderless">
        {contacts.isError ? (
          <LoadError onRetry={() => void contacts.refetch()} />
        ) : (
          <Table<Contact>
            rowKey="id"
            columns={columns}
            dataSource={contacts.data ?? []}
            loading={contacts.isPending}
            pagination={false}
            locale={{
              emptyText: contacts.isPending ? (
                <div style={{ height: 120 }} />
              ) : (
                <Empty description={t('account.contacts.emptyHint')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
                  {addButton}
                </Empty>
              ),
            }}
          />
        )}
      </Card>
      <ContactFormModal open={editing !== null} contact={editing?.contact ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
