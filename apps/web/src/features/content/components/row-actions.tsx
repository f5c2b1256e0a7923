import { PlusOutlined } from '@ant-design/icons';
import { Button, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';

/** The "new …" button in a content page's header. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** A table's last column: edit and delete links for each row. */
export function editDeleteColumn<T>(
  t: TFunction,
  onEdit: (item: T) => void,
  onDelete: (item: T) => void,
): TableColumnType<T> {
  return {
    key: 'actions',
    title: t('common.actions'),
    render: (_, item) => (
      <span className="mb-content-actions">
        <Button type="link" onClick={() => onEdit(item)}>
          {t('common.edit')}
        </Button>
        <Button type="link" danger onClick={() => onDelete(item)}>
          {t('common.delete')}
        </Button>
      </span>
    ),
  };
}
