import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ARTICLE_BODY_MAX,
  SITE_PAGES,
  SitePageSaveSchema,
  type SitePage,
  type SitePageSlug,
} from '@mathbridge/contracts/content';
import { LoadError } from '../../../components/load-error.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { showFormError, validateOrScroll } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { confirmLeave, useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useSaveSitePage, useSitePages } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';

const shape = SitePageSaveSchema.shape;

interface SiteFormValues {
  title: string;
  body: string;
}

/** /manage/content/site: the micro-site's three pages (/xxribd/home, team, research), one tab each. */
export default function SitePagesPage() {
  const { t } = useTranslation();
  const list = useSitePages();
  const [params, setParams] = useSearchParams();
  const requested = params.get('page');
  const slug: SitePageSlug = (SITE_PAGES as readonly string[]).includes(requested ?? '')
    ? (requested as SitePageSlug)
    : 'home';
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const open = (next: string) =>
    confirmLeave(t, dirty, () => {
      setDirty(false);
      setParams(next === 'home' ? {} : { page: next }, { replace: true });
    });

  const page = list.data?.find((item) => item.slug === slug);

  return (
    <ContentLayout section="site">
      <Card variant="borderless">
        <Tabs
          activeKey={slug}
          onChange={open}
          items={SITE_PAGES.map((key) => ({ key, label: t(`content.site.pages.${key}`) }))}
        />
        {list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Skeleton active />
        ) : (
          <SitePageForm key={slug} slug={slug} page={page} onDirty={setDirty} />
        )}
      </Card>
    </ContentLayout>
  );
}

function SitePageForm({
  slug,
  page,
  onDirty,
}: {
  slug: SitePageSlug;
  page: SitePage | undefined;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useSaveSitePage();
  const [form] = Form.useForm<SiteFormValues>();
  useEffect(() => () => onDirty(false), [onDirty]);

  const submit = async () => {
    const values = await validateOrScroll(form);
    if (!values) return;
    try {
      await save.mutateAsync({ slug, title: values.title.trim(), body: values.body });
      onDirty(false);
      notify.success(t('content.saved'));
    } catch (error) {
      showFormError(form, error, {});
    }
  };

  return (
    <Form<SiteFormValues>
      form={form}
      layout="vertical"
      initialValues={{ title: page?.title ?? '', body: page?.body ?? '' }}
      onValuesChange={() => onDirty(true)}
      disabled={save.isPending}
      requiredMark
    >
      <p className="mb-muted">
        {page?.updated_at
          ? t('content.site.updated', { when: formatDateTime(page.updated_at, locale) })
          : t('content.site.never')}
      </p>
      <Form.Item name="title" label={t('content.site.title')} {...schemaField(shape.title)}>
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('content.site.body')}
        extra={t('content.form.markdownHelp')}
        {...schemaField(shape.body)}
      >
        <MarkdownInput maxLength={ARTICLE_BODY_MAX} rows={16} />
      </Form.Item>
      <div className="mb-content-form-actions">
        <Button href={`/xxribd/${slug}`} target="_blank" icon={<ExportOutlined />} disabled={false}>
          {t('content.site.view')}
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
