import { Form, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTEBOOK_CATEGORY_NAME_MAX,
  NotebookCategorySaveSchema,
  type NotebookCategory,
} from '@mathbridge/contracts/notebooks';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { notify } from '../../../lib/notify.ts';
import {
  uploadCategoryCover,
  useDeleteNotebookCategory,
  useNotebookCategories,
  useSaveNotebookCategory,
} from '../api/notebooks.ts';
import { ContentLayout } from '../components/content-layout.tsx';
import { CreateButton, editDeleteColumn } from '../components/row-actions.tsx';
import { ContentTable } from '../components/content-table.tsx';
import { CategoryNameFields, CategorySortField } from '../components/category-fields.tsx';
import { EditModal } from '../components/edit-modal.tsx';
import { ImageUpload, type UploadedImage } from '../components/image-upload.tsx';

const shape = NotebookCategorySaveSchema.shape;

interface CategoryFormValues {
  name_zh_cn: string;
  name_zh_hk: string;
  name_en: string;
  cover: UploadedImage | null;
  sort?: number;
}

/**
 * /manage/content/notebookCategories: the achievement area's categories (category/list|save|
 * upload_cover|delete): names in three languages, a cover and the order. A category notebooks still
 * use cannot be deleted: the server answers 409 and its message is shown.
 */
export default function NotebookCategoriesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useNotebookCategories();
  const save = useSaveNotebookCategory();
  const remove = useDeleteNotebookCategory();
  const [editing, setEditing] = useState<NotebookCategory | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const initialValues = useMemo<Partial<CategoryFormValues>>(
    () =>
      current
        ? {
            name_zh_cn: current.name_zh_cn,
            name_zh_hk: current.name_zh_hk,
            name_en: current.name_en,
            cover:
              current.cover_file_id !== null && current.cover_url
                ? { file_id: current.cover_file_id, url: current.cover_url }
                : null,
            sort: current.sort,
          }
        : { sort: 0, cover: null },
    [current],
  );

  const confirmDelete = (category: NotebookCategory) =>
    notify.confirm({
      title: t('content.notebookCategories.deleteTitle'),
      content: t('content.notebookCategories.deleteContent', {
        name: categoryName(category, locale),
        count: category.notebook_count,
      }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        // A refusal (409: notebooks still use it) is shown by the client with the server's message.
        await remove.mutateAsync(category.id);
        notify.success(t('content.deleted'));
      },
    });

  const columns: TableProps<NotebookCategory>['columns'] = [
    {
      key: 'names',
      title: t('content.categories.columns.name'),
      render: (_, item) => (
        <span className="mb-content-title-cell">
          {item.cover_url ? (
            <img className="mb-content-thumb" src={item.cover_url} alt="" loading="lazy" />
          ) : (
            <span className="mb-content-thumb" aria-hidden />
          )}
          <span>
            {item.name_zh_cn} · {item.name_zh_hk} · {item.name_en}
          </span>
        </span>
      ),
    },
    { key: 'sort', title: t('content.categories.columns.sort'), align: 'end', dataIndex: 'sort' },
    {
      key: 'count',
      title: t('content.notebookCategories.columns.notebooks'),
      align: 'end',
      dataIndex: 'notebook_count',
    },
    editDeleteColumn(t, setEditing, confirmDelete),
  ];

  return (
    <ContentLayout
      section="notebookCategories"
      extra={<CreateButton label={t('content.notebookCategories.create')} onClick={() => setEditing('new')} />}
    >
      <ContentTable<NotebookCategory>
        query={list}
        columns={columns}
        empty={t('content.notebookCategories.empty')}
        create={{ label: t('content.notebookCategories.create'), onClick: () => setEditing('new') }}
      />
      <EditModal<CategoryFormValues>
        open={editing !== null}
        title={current ? t('content.notebookCategories.editTitle') : t('content.notebookCategories.create')}
        initialValues={initialValues}
        aliases={{ cover_file_id: 'cover' }}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: current?.id,
            name_zh_cn: values.name_zh_cn.trim(),
            name_zh_hk: values.name_zh_hk.trim(),
            name_en: values.name_en.trim(),
            cover_file_id: values.cover?.file_id,
            sort: values.sort ?? 0,
          });
          notify.success(t('content.saved'));
        }}
      >
        {() => (
          <>
            <CategoryNameFields shape={shape} max={NOTEBOOK_CATEGORY_NAME_MAX} />
            <Form.Item name="cover" label={t('content.notebookCategories.cover')}>
              <ImageUpload upload={uploadCategoryCover} inputTestId="notebook-category-cover-input" />
            </Form.Item>
            <CategorySortField schema={shape.sort} />
          </>
        )}
      </EditModal>
    </ContentLayout>
  );
}
