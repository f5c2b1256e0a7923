import { Col, Form, Input, InputNumber, Row, Switch, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerSaveSchema, type Banner } from '@mathbridge/contracts/content';
import { useLocale } from '../../../i18n/locale.ts';
import { valueRule } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useBanners, useDeleteContent, useSaveBanner, useToggleBanner } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';
import { CreateButton, editDeleteColumn } from '../components/row-actions.tsx';
import { ContentTable } from '../components/content-table.tsx';
import { EditModal } from '../components/edit-modal.tsx';
import { ImageUpload, type UploadedImage } from '../components/image-upload.tsx';

const shape = BannerSaveSchema.shape;

interface BannerFormValues {
  title: string;
  subtitle?: string;
  image: UploadedImage | null;
  link?: string;
  sort?: number;
  active: boolean;
}

/** /manage/content/banners: the banners of /start, in their order, each on or off. */
export default function BannersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useBanners();
  const save = useSaveBanner();
  const toggle = useToggleBanner();
  const remove = useDeleteContent('banner');
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const initialValues = useMemo<Partial<BannerFormValues>>(
    () =>
      current
        ? {
            title: current.title,
            subtitle: current.subtitle ?? '',
            image: { file_id: current.image_file_id, url: current.image_url },
            link: current.link ?? '',
            sort: current.sort,
            active: current.active === 1,
          }
        : { sort: 0, active: true, image: null },
    [current],
  );

  const confirmDelete = (banner: Banner) =>
    notify.confirm({
      title: t('content.banners.deleteTitle'),
      content: t('content.banners.deleteContent', { title: banner.title }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(banner.id);
        notify.success(t('content.deleted'));
      },
    });

  const columns: TableProps<Banner>['columns'] = [
    {
      key: 'title',
      title: t('content.banners.columns.title'),
      render: (_, item) => (
        <span className="mb-content-title-cell">
          <img className="mb-content-thumb mb-content-thumb-lg" src={item.image_url} alt="" loading="lazy" />
          <span>
            {item.title}
            {item.subtitle && <div className="mb-content-muted-small">{item.subtitle}</div>}
          </span>
        </span>
      ),
    },
    {
      key: 'link',
      title: t('content.banners.columns.link'),
      render: (_, item) =>
        item.link ? (
          <a href={item.link} target="_blank" rel="noreferrer">
            {item.link}
          </a>
        ) : (
          <span className="mb-muted">{t('common.notSet')}</span>
        ),
    },
    { key: 'sort', title: t('content.banners.columns.sort'), align: 'end', dataIndex: 'sort' },
    {
      key: 'active',
      title: t('content.banners.columns.active'),
      render: (_, item) => (
        <Switch
          size="small"
          checked={item.active === 1}
          aria-label={t('content.banners.activeFor', { title: item.title })}
          loading={toggle.isPending && toggle.variables?.id === item.id}
          onChange={() => toggle.mutate(item)}
        />
      ),
    },
    {
      key: 'updated',
      title: t('content.articles.columns.updated'),
      render: (_, item) => formatDateTime(item.updated_at, locale, 'numeric'),
      responsive: ['lg'],
    },
    editDeleteColumn(t, setEditing, confirmDelete),
  ];

  return (
    <ContentLayout
      section="banners"
      extra={<CreateButton label={t('content.banners.create')} onClick={() => setEditing('new')} />}
    >
      <ContentTable<Banner>
        query={list}
        columns={columns}
        empty={t('content.banners.empty')}
        create={{ label: t('content.banners.create'), onClick: () => setEditing('new') }}
      />
      <EditModal<BannerFormValues>
        open={editing !== null}
        width={640}
        title={current ? t('content.banners.editTitle') : t('content.banners.create')}
        initialValues={initialValues}
        aliases={{ image_file_id: 'image' }}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            id: current?.id,
            title: values.title.trim(),
            subtitle: values.subtitle?.trim() || undefined,
            image_file_id: values.image?.file_id ?? 0,
            link: values.link?.trim() || undefined,
            sort: values.sort ?? 0,
            active: values.active ? 1 : 0,
          });
          notify.success(t('content.saved'));
        }}
      >
        {() => (
          <>
            <Form.Item name="title" label={t('content.banners.columns.title')} {...schemaField(shape.title)}>
              <Input maxLength={60} showCount />
            </Form.Item>
            <Form.Item name="subtitle" label={t('content.banners.subtitleField')} {...schemaField(shape.subtitle)}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item
              name="image"
              label={t('content.banners.image')}
              required
              rules={[valueRule(shape.image_file_id, (value) => (value as UploadedImage | null)?.file_id)]}
            >
              <ImageUpload removable={false} inputTestId="banner-image-input" />
            </Form.Item>
            <Form.Item
              name="link"
              label={t('content.banners.columns.link')}
              extra={t('content.banners.linkHelp')}
              {...schemaField(shape.link)}
            >
              <Input maxLength={300} placeholder="/service" spellCheck={false} />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={12}>
                <Form.Item
                  name="sort"
                  label={t('content.banners.columns.sort')}
                  extra={t('content.sortHelp')}
                  {...schemaField(shape.sort)}
                >
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item name="active" label={t('content.banners.columns.active')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </EditModal>
    </ContentLayout>
  );
}
