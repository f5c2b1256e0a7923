import { Alert, Button, Card, Col, DatePicker, Form, Input, Modal, Result, Row, Select, Skeleton, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  ARTICLE_BODY_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX_UNITS,
  ArticleSaveSchema,
  type Article,
  type ArticleSave,
} from '@mathbridge/contracts/content';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { showFormError, validateOrScroll } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useArticle, useArticleAction, useCategories, usePublishArticle, useSaveArticle } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';
import { ImageUpload, type UploadedImage } from '../components/image-upload.tsx';
import { ArticleStatusTag, isScheduled } from '../components/labels.tsx';
import { categoryName } from '../../../lib/category-name.ts';
import { TitleInput, titleHint } from '../../../components/title-input.tsx';

const BASE = '/manage/content/articles';
const shape = ArticleSaveSchema.shape;
/** The API's names for the form's controls. */
const ALIASES = { cover_file_id: 'cover' };

interface ArticleFormValues {
  category_id?: number;
  title?: string;
  summary?: string;
  author?: string;
  cover?: UploadedImage | null;
  body?: string;
  recommended?: boolean;
}

function toValues(article: Article): ArticleFormValues {
  return {
    category_id: article.category.id,
    title: article.title,
    summary: article.summary ?? '',
    author: article.author ?? '',
    cover:
      article.cover_file_id && article.cover_url ? { file_id: article.cover_file_id, url: article.cover_url } : null,
    body: article.body,
    recommended: article.recommended === 1,
  };
}

function toPayload(values: ArticleFormValues, id: number | undefined): ArticleSave {
  return {
    id,
    category_id: values.category_id ?? 0,
    title: values.title?.trim() ?? '',
    summary: values.summary?.trim() || undefined,
    author: values.author?.trim() || undefined,
    cover_file_id: values.cover?.file_id,
    body: values.body ?? '',
    recommended: values.recommended ? 1 : 0,
  };
}

/**
 * /manage/content/articles/:id — 0 writes a new article, an id edits one in any state (a published
 * article stays published). Saving keeps a draft; publishing saves first, then publishes now or at
 * a chosen time ahead.
 */
export default function ArticleFormPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { id: param } = useParams();
  const id = param && /^[1-9]\d*$/.test(param) ? Number(param) : undefined;
  const invalid = param !== '0' && id === undefined;
  const existing = useArticle(id);
  const categories = useCategories();
  const save = useSaveArticle();
  const publish = usePublishArticle();
  const move = useArticleAction();
  const [form] = Form.useForm<ArticleFormValues>();
  const [dirty, setDirty] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState<Dayjs | null>(null);
  const [whenError, setWhenError] = useState<string | null>(null);
  useUnsavedChanges(dirty);

  // Navigate only after the 'dirty' flag is down, or the leave-confirmation would ask.
  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo, { replace: leaveTo.startsWith(`${BASE}/`) });
  }, [leaveTo, dirty, navigate]);

  const article = existing.data;
  const initialValues = useMemo<ArticleFormValues>(
    () => (article ? toValues(article) : { recommended: false, cover: null }),
    [article],
  );
  // A new article goes into the first category until the admin chooses another.
  useEffect(() => {
    const first = categories.data?.[0];
    if (id === undefined && first && form.getFieldValue('category_id') === undefined)
      form.setFieldValue('category_id', first.id);
  }, [categories.data, form, id]);

  if (invalid || (id !== undefined && existing.isError)) {
    return (
      <Result
        status="404"
        title={t('content.form.notFound')}
        extra={<ButtonLink to={BASE}>{t('content.form.toList')}</ButtonLink>}
      />
    );
  }
  if (id !== undefined && !article) return <Skeleton active />;

  /** Saves what is written; the saved article, or null when the fields or the call failed. */
  const store = async (): Promise<Article | null> => {
    const values = await validateOrScroll(form);
    if (!values) return null;
    try {
      const saved = await save.mutateAsync(toPayload(values, id));
      setDirty(false);
      return saved;
    } catch (error) {
      showFormError(form, error, ALIASES);
      return null;
    }
  };

  const saveOnly = async () => {
    const saved = await store();
    if (!saved) return;
    notify.success(saved.status === 'published' ? t('content.form.saved') : t('content.form.draftSaved'));
    if (id === undefined) setLeaveTo(`${BASE}/${saved.id}`);
  };

  const publishAt = async (at: Dayjs | null) => {
    const saved = await store();
    if (!saved) return false;
    try {
      // A draft, a withdrawn or a scheduled article (published now or rescheduled, in one call).
      await publish.mutateAsync({ id: saved.id, publish_at: at ? at.toISOString() : undefined });
    } catch (error) {
      const onTime = isApiError(error) ? error.fieldErrors.find((field) => field.field === 'publish_at') : undefined;
      if (at && onTime) setWhenError(onTime.message);
      else if (isApiError(error) && !error.handled) notify.error(error.message);
      if (id === undefined) setLeaveTo(`${BASE}/${saved.id}`);
      return false;
    }
    notify.success(
      at
        ? t('content.form.scheduledFor', { when: formatDateTime(at.toISOString(), locale, 'long') })
        : t('content.form.published'),
    );
    setLeaveTo(BASE);
    return true;
  };

  const confirmSchedule = async () => {
    if (!when || !when.isAfter(dayjs().add(1, 'minute'))) {
      setWhenError(t('content.form.scheduleFuture'));
      return;
    }
    if (await publishAt(when)) setScheduling(false);
  };

  const busy = save.isPending || publish.isPending || move.isPending;
  const published = article?.status === 'published';
  const scheduled = article ? isScheduled(article) : false;

  return (
    <ContentLayout
      section="articles"
      title={id === undefined ? t('content.form.createTitle') : t('content.form.editTitle')}
      subtitle={t('content.form.subtitle')}
    >
      {article && (
        <Alert
          style={{ marginBottom: 16 }}
          type={published && !scheduled ? 'success' : 'info'}
          showIcon
          title={
            <span>
              <ArticleStatusTag article={article} />
              {published
                ? t(scheduled ? 'content.form.stateScheduled' : 'content.form.statePublished', {
                    when: formatDateTime(article.publish_at, locale),
                  })
                : t(`content.form.state.${article.status}`)}
            </span>
          }
          action={
            <a href={`/news/detail/${article.id}`} target="_blank" rel="noreferrer">
              {t('content.articles.actions.preview')}
            </a>
          }
        />
      )}
      <Form<ArticleFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        disabled={busy}
        requiredMark
      >
        <Card variant="borderless" title={t('content.form.sections.basics')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item
                name="title"
                label={t('content.form.title')}
                extra={titleHint(t, ARTICLE_TITLE_MAX_UNITS)}
                {...schemaField(shape.title)}
              >
                <TitleInput maxUnits={ARTICLE_TITLE_MAX_UNITS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="category_id" label={t('content.form.category')} {...schemaField(shape.category_id)}>
                <Select
                  loading={categories.isPending}
                  placeholder={t('common.select')}
                  options={(categories.data ?? []).map((category) => ({
                    value: category.id,
                    label: categoryName(category, locale),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="summary"
            label={t('content.form.summary')}
            extra={t('content.form.summaryHelp')}
            {...schemaField(shape.summary)}
          >
            <Input.TextArea rows={2} maxLength={ARTICLE_SUMMARY_MAX} showCount />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="author" label={t('content.form.author')} {...schemaField(shape.author)}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="recommended"
                label={t('content.form.recommended')}
                extra={t('content.form.recommendedHelp')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="cover" label={t('content.form.cover')}>
            <ImageUpload inputTestId="article-cover-input" />
          </Form.Item>
        </Card>
        <Card
          variant="borderless"
          title={t('content.form.sections.body')}
          extra={<span className="mb-muted">{t('content.form.markdownHelp')}</span>}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="body" label={t('content.form.body')} {...schemaField(shape.body)}>
            <MarkdownInput maxLength={ARTICLE_BODY_MAX} rows={16} />
          </Form.Item>
        </Card>
        <div className="mb-content-form-actions">
          {article && published && (
            <Button
              danger
              disabled={busy}
              onClick={() =>
                notify.confirm({
                  title: t('content.articles.confirm.withdraw.title'),
                  content: t('content.articles.confirm.withdraw.content', { title: article.title }),
                  okText: t('content.articles.actions.withdraw'),
                  cancelText: t('common.cancel'),
                  okButtonProps: { danger: true },
                  onOk: async () => {
                    await move.mutateAsync({ id: article.id, action: 'withdraw' });
                    notify.success(t('content.articles.done.withdraw'));
                  },
                })
              }
            >
              {scheduled ? t('content.articles.actions.unschedule') : t('content.articles.actions.withdraw')}
            </Button>
          )}
          <Button
            type={published && !scheduled ? 'primary' : 'default'}
            onClick={() => void saveOnly()}
            loading={save.isPending && !publish.isPending && !scheduling}
          >
            {published ? t('content.form.save') : t('content.form.saveDraft')}
          </Button>
          {(!published || scheduled) && (
            <Button
              onClick={() => {
                setWhen(article?.publish_at && scheduled ? dayjs(article.publish_at) : null);
                setWhenError(null);
                setScheduling(true);
              }}
            >
              {scheduled ? t('content.form.reschedule') : t('content.form.schedule')}
            </Button>
          )}
          {(!published || scheduled) && (
            <Button type="primary" onClick={() => void publishAt(null)} loading={publish.isPending && !scheduling}>
              {t('content.form.publishNow')}
            </Button>
          )}
        </div>
      </Form>
      <Modal
        open={scheduling}
        title={t('content.form.scheduleTitle')}
        okText={t('content.form.scheduleOk')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => void confirmSchedule()}
        onCancel={() => setScheduling(false)}
        destroyOnHidden
      >
        <p className="mb-muted">{t('content.form.scheduleHelp')}</p>
        <label htmlFor="article-publish-at" className="mb-content-muted-small">
          {t('content.form.publishAt')}
        </label>
        <DatePicker
          id="article-publish-at"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={when}
          status={whenError ? 'error' : undefined}
          aria-invalid={whenError ? true : undefined}
          style={{ display: 'flex', marginTop: 4 }}
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          onChange={(value) => {
            setWhen(value);
            setWhenError(null);
          }}
        />
        {whenError && (
          <div role="alert" className="mb-content-field-error">
            {whenError}
          </div>
        )}
      </Modal>
    </ContentLayout>
  );
}
