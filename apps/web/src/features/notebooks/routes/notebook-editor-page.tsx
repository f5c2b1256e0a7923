import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, PictureOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Popconfirm, Select, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  NOTEBOOK_DESCRIPTION_MAX,
  NOTEBOOK_TITLE_MAX_UNITS,
  emptyNotebook,
  type NotebookAttachment,
  type NotebookDetail,
  type NotebookDocument,
} from '@mathbridge/contracts/notebooks';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import {
  categoryItems,
  exportFailureMessage,
  exportNotebook,
  markNotebookOutdated,
  notebookKeys,
  saveNotebook,
  uploadAttachment,
  uploadCover,
  useCategories,
  useKernelCheck,
  useNotebookAction,
  useNotebookDetail,
} from '../api/notebooks.ts';
import { KernelNotice } from '../components/kernel-notice.tsx';
import { NotebookView } from '../components/notebook-view.tsx';
import { NotebookWorkbench } from '../components/notebook-workbench.tsx';
import { NotebookStateTags } from '../components/state-tags.tsx';
import { newCell, withCellIds } from '../lib/cells.ts';
import { canRunCode } from '../lib/kernel-access.ts';
import { TitleInput } from '../../../components/title-input.tsx';

interface Meta {
  title: string;
  description: string;
  category_id: number | undefined;
  cover_file_id: number | undefined;
}

interface Draft {
  meta: Meta;
  document: NotebookDocument;
}

function metaOf(detail: NotebookDetail): Meta {
  return {
    title: detail.title,
    description: detail.description ?? '',
    category_id: detail.category?.id,
    cover_file_id: detail.cover_file_id ?? undefined,
  };
}

/**
 * `/notebooks/:id` — the owner's editor; `/notebooks/new` creates the draft on its first save.
 * The route sits outside the layouts that mount TanStack Query, so the page mounts it itself.
 */
export default function NotebookEditorPage() {
  return (
    <QueryProvider>
      <EditorRoute />
    </QueryProvider>
  );
}

function EditorRoute() {
  const { id: param } = useParams();
  const isNew = param === 'new';
  const id = isNew ? null : Number(param);
  const detail = useNotebookDetail(id !== null && Number.isInteger(id) && id > 0 ? id : null);
  const { t } = useTranslation();

  if (!isNew && (id === null || !Number.isInteger(id) || id <= 0)) return <LoadError onRetry={() => undefined} />;
  if (!isNew && detail.isError && !detail.data) return <LoadError onRetry={() => void detail.refetch()} />;
  if (!isNew && !detail.data) return <Spin aria-label={t('common.loading')} />;
  if (detail.data && !detail.data.editable) {
    return (
      // The page's own content column, as the editor's (the route is outside the layouts that give one).
      <div className="nb-page">
        <header className="mb-page-header">
          <h1>{detail.data.title}</h1>
        </header>
        <NotebookView document={detail.data.content} />
      </div>
    );
  }
  // Remount on another notebook or after a reload (dataUpdatedAt), so the editor starts from the server's copy.
  return <Editor key={`${param}:${detail.dataUpdatedAt}`} detail={detail.data ?? null} />;
}

function Editor({ detail }: { detail: NotebookDetail | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kernelCheck = useKernelCheck();
  const categories = useCategories();
  const action = useNotebookAction();

  const initial = useMemo<Draft>(
    () =>
      detail
        ? { meta: metaOf(detail), document: withCellIds(detail.content) }
        : {
            meta: { title: t('notebooks.untitled'), description: '', category_id: undefined, cover_file_id: undefined },
            document: { ...emptyNotebook(), cells: [newCell('code')] },
          },
    [detail, t],
  );
  const [meta, setMeta] = useState<Meta>(initial.meta);
  const [document, setDocument] = useState<NotebookDocument>(initial.document);
  const [saved, setSaved] = useState<Draft>(initial);
  const [version, setVersion] = useState<number | null>(detail?.version ?? null);
  const [coverUrl, setCoverUrl] = useState<string | null>(detail?.cover_url ?? null);
  const [attachments, setAttachments] = useState<NotebookAttachment[]>(detail?.attachments ?? []);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<'cover' | 'attachment' | null>(null);
  const [exporting, setExporting] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const notebookId = detail?.id ?? createdId;

  const dirty = useMemo(
    () => JSON.stringify(saved.meta) !== JSON.stringify(meta) || saved.document !== document,
    [saved, meta, document],
  );
  useUnsavedChanges(dirty && createdId === null);

  // After the first save of a new notebook, the address becomes its own.
  useEffect(() => {
    if (createdId !== null && !detail) void navigate(`/notebooks/${createdId}`, { replace: true });
  }, [createdId, detail, navigate]);

  const reload = useCallback(() => {
    if (notebookId) void queryClient.invalidateQueries({ queryKey: notebookKeys.detail(notebookId) });
  }, [notebookId, queryClient]);

  const savingRef = useRef(false);
  const save = useCallback(async () => {
    if (savingRef.current) return;
    if (!meta.title.trim()) {
      notify.error(t('notebooks.editor.titleRequired'));
      return;
    }
    savingRef.current = true;
    setSaving(true);
    const sent = { meta, document };
    try {
      const result = await saveNotebook({
        id: notebookId ?? undefined,
        version: version ?? undefined,
        title: meta.title.trim(),
        description: meta.description,
        category_id: meta.category_id,
        cover_file_id: meta.cover_file_id,
        content: document,
      });
      setSaved(sent);
      setVersion(typeof result.version === 'number' ? result.version : (version ?? 0) + 1);
      notify.success(t('notebooks.editor.saved'));
      void queryClient.invalidateQueries({ queryKey: ['notebooks', 'my'] });
      if (notebookId) void markNotebookOutdated(queryClient, notebookId);
      else setCreatedId(result.id);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        notify.confirm({
          title: t('notebooks.editor.conflictTitle'),
          content: t('notebooks.editor.conflictContent'),
          okText: t('notebooks.editor.reload'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true },
          onOk: reload,
        });
      } else if (isApiError(error) && error.status === 413) {
        notify.error(t('notebooks.editor.tooLarge'));
      } else if (isApiError(error) && !error.handled) {
        notify.error(error.fieldErrors[0]?.message ?? error.message);
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [document, meta, notebookId, queryClient, reload, t, version]);

  // Ctrl/Cmd+S anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Inside a cell, CodeMirror's own Ctrl/Cmd+S already saved (and prevented the default).
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  const onCover = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setUploading('cover');
    try {
      const cover = await uploadCover(file);
      setMeta((m) => ({ ...m, cover_file_id: cover.file_id }));
      setCoverUrl(cover.url);
    } catch {
      // The API client showed why.
    } finally {
      setUploading(null);
    }
  };

  const onAttachments = async (files: File[]) => {
    if (!notebookId) return;
    setUploading('attachment');
    try {
      for (const file of files) {
        // The answer is the notebook: its attachments as they now are.
        const updated = await uploadAttachment(notebookId, file);
        setAttachments(updated.attachments);
        void markNotebookOutdated(queryClient, notebookId);
      }
    } catch {
      // The API client showed why.
    } finally {
      setUploading(null);
    }
  };

  const removeAttachment = async (attachment: NotebookAttachment) => {
    await action.mutateAsync({ action: 'delete_attachment', id: attachment.id });
    setAttachments((list) => list.filter((a) => a.id !== attachment.id));
  };

  const stateAction = async (name: 'publish' | 'unpublish' | 'contribute') => {
    if (!notebookId) return;
    await action.mutateAsync({ action: name, id: notebookId });
    notify.success(t(`notebooks.editor.done.${name}`));
    reload();
  };

  const exportFile = async () => {
    if (!notebookId) return;
    setExporting(true);
    try {
      await exportNotebook(notebookId, meta.title);
    } catch (error) {
      const failure = exportFailureMessage(error);
      if (failure) notify.error(failure.values ? t(failure.key, failure.values) : t(failure.key));
    } finally {
      setExporting(false);
    }
  };

  const runnable = canRunCode(kernelCheck.info);
  const categoryOptions = categoryItems(categories.data).map((c) => ({ value: c.id, label: categoryName(c, locale) }));

  const toolbarExtra = (
    <>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={saving}
        onClick={() => void save()}
        data-testid="notebook-save"
        title={t('notebooks.editor.saveHint')}
      >
        {t('common.save')}
      </Button>
      {notebookId && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void exportFile()}
          loading={exporting}
          title={t('notebooks.editor.export')}
          disabled={dirty}
          data-testid="notebook-export"
        >
          {t('notebooks.editor.export')}
        </Button>
      )}
    </>
  );

  return (
    <div className="nb-page">
      <header className="mb-page-header">
        <h1>{meta.title || t('notebooks.untitled')}</h1>
        <Space wrap>
          {detail && <NotebookStateTags state={detail.state} contribution={detail.contribution} />}
          {dirty && <span className="mb-muted">{t('notebooks.editor.unsaved')}</span>}
          <Link to="/account/notebooks">{t('notebooks.editor.backToList')}</Link>
        </Space>
      </header>
      {detail?.contribution === 'rejected' && detail.reject_reason && (
        <Alert
          type="error"
          showIcon
          message={t('notebooks.editor.rejected')}
          description={detail.reject_reason}
          style={{ marginBottom: 12 }}
        />
      )}
      <Card variant="borderless" size="small" style={{ marginBottom: 12 }} className="nb-meta">
        <Form layout="vertical" component="div">
          <div className="nb-meta-row">
            <Form.Item label={t('notebooks.fields.title')} required className="nb-meta-title">
              <TitleInput
                maxUnits={NOTEBOOK_TITLE_MAX_UNITS}
                value={meta.title}
                onChange={(e) => setMeta((m) => ({ ...m, title: e.target.value }))}
                data-testid="notebook-title"
                aria-label={t('notebooks.fields.title')}
              />
            </Form.Item>
            <Form.Item label={t('notebooks.fields.category')} className="nb-meta-category">
              <Select
                allowClear
                value={meta.category_id}
                options={categoryOptions}
                loading={categories.isLoading}
                placeholder={t('common.select')}
                onChange={(value: number | undefined) => setMeta((m) => ({ ...m, category_id: value }))}
                aria-label={t('notebooks.fields.category')}
                data-testid="notebook-category"
              />
            </Form.Item>
          </div>
          <details className="nb-details">
            <summary>{t('notebooks.editor.details')}</summary>
            <Form.Item label={t('notebooks.fields.description')}>
              <Input.TextArea
                value={meta.description}
                maxLength={NOTEBOOK_DESCRIPTION_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 6 }}
                aria-label={t('notebooks.fields.description')}
                onChange={(e) => setMeta((m) => ({ ...m, description: e.target.value }))}
              />
            </Form.Item>
            <Form.Item label={t('notebooks.fields.cover')} extra={t('notebooks.fields.coverAdvice')}>
              <Space wrap align="start">
                {coverUrl && <img className="nb-cover" src={coverUrl} alt={t('notebooks.fields.cover')} />}
                <FilePickerButton
                  icon={<PictureOutlined />}
                  accept=".png,.jpg,.jpeg"
                  loading={uploading === 'cover'}
                  onFiles={(files) => void onCover(files)}
                >
                  {t('notebooks.fields.uploadCover')}
                </FilePickerButton>
              </Space>
            </Form.Item>
            <Form.Item
              label={t('notebooks.fields.attachments')}
              extra={notebookId ? undefined : t('notebooks.fields.attachmentsAfterSave')}
            >
              <ul className="nb-attachments">
                {attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} rel="noopener">
                      <PaperClipOutlined /> {a.name}
                    </a>{' '}
                    <span className="mb-muted">{formatBytes(a.size, locale)}</span>{' '}
                    <Popconfirm
                      title={t('notebooks.fields.deleteAttachment')}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => removeAttachment(a)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('common.delete')}
                      />
                    </Popconfirm>
                  </li>
                ))}
              </ul>
              <FilePickerButton
                icon={<PaperClipOutlined />}
                multiple
                disabled={!notebookId}
                loading={uploading === 'attachment'}
                onFiles={(files) => void onAttachments(files)}
              >
                {t('notebooks.fields.addAttachment')}
              </FilePickerButton>
            </Form.Item>
          </details>
        </Form>
        {notebookId && detail && (
          <Space wrap>
            {detail.state === 'draft' ? (
              <Button disabled={dirty} onClick={() => void stateAction('publish')} data-testid="notebook-publish">
                {t('notebooks.editor.publish')}
              </Button>
            ) : (
              <Popconfirm
                title={t('notebooks.editor.unpublishConfirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => stateAction('unpublish')}
              >
                <Button>{t('notebooks.editor.unpublish')}</Button>
              </Popconfirm>
            )}
            {detail.state === 'published' &&
              detail.contribution !== 'pending' &&
              detail.contribution !== 'accepted' && (
                <Button
                  disabled={dirty}
                  onClick={() => void stateAction('contribute')}
                  data-testid="notebook-contribute"
                >
                  {t('notebooks.editor.contribute')}
                </Button>
              )}
            {dirty && <span className="mb-muted">{t('notebooks.editor.saveFirst')}</span>}
            {detail.published_at && (
              <span className="mb-muted">
                {t('notebooks.fields.publishedAt')}: {formatDateTime(detail.published_at, locale)}
              </span>
            )}
          </Space>
        )}
      </Card>
      <NotebookWorkbench
        document={document}
        setDocument={setDocument}
        mode="edit"
        runnable={runnable}
        recheck={kernelCheck.failure ? kernelCheck.recheck : undefined}
        notice={<KernelNotice check={kernelCheck} />}
        toolbarExtra={toolbarExtra}
        onSave={() => void save()}
      />
    </div>
  );
}
