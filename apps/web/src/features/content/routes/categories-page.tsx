import { Button, Col, Form, Input, Row, Tag, Tooltip, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATEGORY_NAME_MAX,
  CategorySaveSchema,
  type ArticleCategory,
  type CategorySave,
} from '@mathbridge/contracts/content';
import { useLocale } from '../../../i18n/locale.ts';
import { ApiError, isApiError } from '../../../lib/api-error.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useCategories, useDeleteContent, useSaveCategory } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';
import { CreateButton } from '../components/row-actions.tsx';
import { ContentTable } from '../components/content-table.tsx';
import { CategoryNameFields, CategorySortField } from '../components/category-fields.tsx';
import { EditModal } from '../components/edit-modal.tsx';
import { categoryName } from '../../../lib/category-name.ts';

const shape = CategorySaveSchema.shape;

/** /manage/content/categories: the article categories, their names in three languages and order. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useCategories();
  const save = useSaveCategory();
  const remove = useDeleteContent('category');
  const [editing, setEditing] = useState<ArticleCategory | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const initialValues = useMemo<Partial<CategorySave>>(
    () =>
      current
        ? {
            slug: current.slug,
            name_zh_cn: current.name_zh_cn,
            name_zh_hk: current.name_zh_hk,
            name_en: current.name_en,
            sort: current.sort,
          }
        : { sort: 0 },
    [current],
  );

  const confirmDelete = (category: ArticleCategory) =>
    notify.confirm({
      title: t('content.categories.deleteTitle'),
      content: t('content.categories.deleteContent', { name: categoryName(category, locale), slug: category.slug }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(category.id);
        notify.success(t('content.deleted'));
      },
    });

  const columns: TableProps<ArticleCategory>['columns'] = [
    {
      key: 'names',
      title: t('content.categories.columns.name'),
      render: (_, item) => (
        <span>
          {item.name_zh_cn} · {item.name_zh_hk} · {item.name_en}
          {item.system && (
            <Tag style={{ marginInlineStart: 8 }} color="blue">
              {t('content.categories.system')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'slug', title: t('content.categories.columns.slug'), render: (_, item) => <code>{item.slug}</code> },
    { key: 'sort', title: t('content.categories.columns.sort'), align: 'end', dataIndex: 'sort' },
    { key: 'count', title: t('content.categories.columns.articles'), align: 'end', dataIndex: 'article_count' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, item) => (
        <span className="mb-content-actions">
          <Button type="link" onClick={() => setEditing(item)}>
            {t('common.edit')}
          </Button>
          {item.system ? (
            <Tooltip title={t('content.categories.systemHint')}>
              {/* A disabled button gets no pointer events: the span carries the tooltip and the focus. */}
              <span tabIndex={0} aria-label={`${t('common.delete')}: ${t('content.categories.systemHint')}`}>
                <Button type="link" danger disabled>
                  {t('common.delete')}
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Button type="link" danger onClick={() => confirmDelete(item)}>
              {t('common.delete')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <ContentLayout
      section="categories"
      extra={<CreateButton label={t('content.categories.create')} onClick={() => setEditing('new')} />}
    >
      <ContentTable<ArticleCategory> query={list} columns={columns} empty={t('content.categories.empty')} />
      <EditModal<CategorySave>
        open={editing !== null}
        title={current ? t('content.categories.editTitle') : t('content.categories.create')}
        initialValues={initialValues}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ ...values, id: current?.id, sort: values.sort ?? 0 });
          } catch (error) {
            // A conflict on save is about the slug (taken, or a built-in one changed): say it there.
            if (isApiError(error) && error.status === 409 && !error.handled)
              throw new ApiError({
                message: error.message,
                status: error.status,
                kind: error.kind,
                fieldErrors: [{ field: 'slug', code: 'conflict', message: error.message }],
                handled: false,
              });
            throw error;
          }
          notify.success(t('content.saved'));
        }}
      >
        {() => (
          <>
            <CategoryNameFields shape={shape} max={CATEGORY_NAME_MAX} />
            <Row gutter={12}>
              <Col xs={24} sm={14}>
                <Form.Item
                  name="slug"
                  label={t('content.categories.columns.slug')}
                  extra={current?.system ? t('content.categories.slugSystem') : t('content.categories.slugHelp')}
                  {...schemaField(shape.slug)}
                >
                  <Input maxLength={30} disabled={current?.system} autoCapitalize="off" spellCheck={false} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={10}>
                <CategorySortField schema={shape.sort} />
              </Col>
            </Row>
          </>
        )}
      </EditModal>
    </ContentLayout>
  );
}
