import { Button, Card, Col, Form, Input, InputNumber, Radio, Result, Row, Select, Skeleton, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  HEADCOUNT_MAX,
  ProjectSaveSchema,
  RESEARCH_TEXT_MAX,
  type ProjectDetail,
} from '@mathbridge/contracts/research';
import { LONG_TITLE_MAX_UNITS } from '@mathbridge/contracts/validation';
import { DeadlinePicker } from '../../../components/deadline-picker.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';
import { dayRule, payloadRule, showFormError, validateOrScroll } from '../../../lib/form-kit.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useProject, useProjects, useSaveProject } from '../api/research.ts';
import { EMPTY_PROJECT, toPayload, toValues, type ProjectFormValues } from '../components/project-form-values.ts';
import { UserSearchSelect } from '../components/user-search-select.tsx';
import { projectPath, useResearchFace, type ResearchFace } from '../faces.ts';
import '../components/research.css';
import { TitleInput, titleHint } from '../../../components/title-input.tsx';

const shape = ProjectSaveSchema.shape;

/**
 * The project form of every face that creates: `subjectForm/:id` | `directionForm/:id` (`new`, or a
 * draft) and `subjectEdit/:id` | `directionEdit/:id` (a running project, `…/edit`). Every field is
 * checked with the contracts rule the server applies; a draft is saved (submitted/0) or published
 * (submitted/1).
 */
export default function ProjectFormPage() {
  const face = useResearchFace();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [, , , child, param] = pathname.split('/');
  const id = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const running = child === face.edit;
  const existing = useProject(face.kind, id);
  const toList = () => navigate(`${face.base}/list`);
  // Once saved, the page leaves: the form (and its leave-confirmation) goes first, and the saved
  // project (now maybe published, no longer a draft of this form) is not checked again.
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    if (leaving) navigate(leaving);
  }, [leaving, navigate]);

  if (leaving) return <Skeleton active />;

  if (!face.form || (param !== 'new' && id === undefined) || (running && id === undefined))
    return <NotFound onBack={toList} />;
  if (id !== undefined) {
    if (existing.isPending) return <Skeleton active />;
    if (existing.isError) return <LoadError onRetry={() => void existing.refetch()} />;
    const project = existing.data;
    const editable = project.is_owner && (running ? project.status !== 'draft' : project.status === 'draft');
    if (!editable || project.status === 'closed' || project.status === 'concluded') return <NotFound onBack={toList} />;
  }
  const detail = id !== undefined ? existing.data : undefined;
  return (
    <>
      <header className="mb-page-header">
        <h1>{t(`research.manage.form.${detail ? 'editTitle' : 'createTitle'}.${face.kind}`)}</h1>
        <span className="mb-muted">{t(`research.manage.form.subtitle.${face.kind}`)}</span>
      </header>
      <ProjectForm key={detail?.id ?? 'new'} face={face} project={detail} running={running} onSaved={setLeaving} />
    </>
  );
}

function NotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('research.manage.form.notFound')}
      extra={<Button onClick={onBack}>{t('research.manage.toList')}</Button>}
    />
  );
}

interface ProjectFormProps {
  face: ResearchFace;
  project?: ProjectDetail;
  running: boolean;
  /** Where to go once saved. */
  onSaved: (path: string) => void;
}

function ProjectForm({ face, project, running, onSaved }: ProjectFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProject(face.kind);
  const [form] = Form.useForm<ProjectFormValues>();
  const range = Form.useWatch('publish_range', form);
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const initialValues = useMemo(() => (project ? toValues(project) : EMPTY_PROJECT), [project]);
  const known = useMemo(() => project?.members.map((m) => ({ id: m.user_id, name: m.name })) ?? [], [project]);
  const payload = () => toPayload(form.getFieldsValue(true) as ProjectFormValues, project?.id, false);

  const run = async (commit: boolean) => {
    const values = await validateOrScroll(form);
    if (!values) return;
    try {
      const saved = await save.mutateAsync({ input: toPayload(values, project?.id, commit), running });
      setDirty(false);
      if (running) {
        notify.success(t('research.manage.form.saved'));
        onSaved(projectPath(face, 'detail', saved.id, true) ?? `${face.base}/list`);
      } else onSaved(`${face.base}/submitted/${saved.status === 'draft' ? 0 : 1}?id=${saved.id}`);
    } catch (error) {
      showFormError(form, error, {});
    }
  };
  const busy = save.isPending;

  return (
    <Form<ProjectFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={() => setDirty(true)}
      onFocus={preloadValidation}
      disabled={busy}
      data-testid="project-form"
    >
      <Card variant="borderless" title={t('research.manage.form.sections.basics')} className="mb-research-card">
        <Form.Item
          name="title"
          label={t('research.fields.title')}
          extra={titleHint(t, LONG_TITLE_MAX_UNITS)}
          {...schemaField(shape.title)}
        >
          <TitleInput maxUnits={LONG_TITLE_MAX_UNITS} />
        </Form.Item>
        <Form.Item
          name="summary"
          label={t('research.fields.summary')}
          extra={t('research.manage.form.summaryHelp')}
          {...schemaField(shape.summary)}
        >
          <Input.TextArea rows={3} showCount maxLength={RESEARCH_TEXT_MAX.summary} />
        </Form.Item>
        <Form.Item name="msc_fields" label={t('research.fields.msc')} {...schemaField(shape.msc_fields)}>
          <ResearchFieldSelect />
        </Form.Item>
        {face.kind === 'direction' && <ParentField />}
      </Card>
      <Card
        variant="borderless"
        title={t('research.fields.description')}
        extra={<span className="mb-muted mb-research-card-extra">{t('research.manage.form.descriptionHelp')}</span>}
        className="mb-research-card"
      >
        <Form.Item name="description" label={t('research.fields.description')} {...schemaField(shape.description)}>
          <MarkdownInput maxLength={RESEARCH_TEXT_MAX.description} rows={10} />
        </Form.Item>
      </Card>
      <Card variant="borderless" title={t('research.manage.form.sections.recruiting')} className="mb-research-card">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="publish_range"
              label={t('research.fields.publishRange')}
              {...schemaField(shape.publish_range)}
            >
              <Radio.Group
                optionType="button"
                options={(['public', 'group'] as const).map((value) => ({ value, label: t(`publishRanges.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="headcount" label={t('research.fields.headcount')} {...schemaField(shape.headcount)}>
              <InputNumber min={1} max={HEADCOUNT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="apply_deadline"
              label={t('research.fields.applyDeadline')}
              extra={t('research.manage.form.deadlineHelp')}
              rules={[dayRule(shape.apply_deadline)]}
            >
              <DeadlinePicker />
            </Form.Item>
          </Col>
        </Row>
        {range === 'group' && (
          <Form.Item
            name="designees"
            label={t('research.fields.designees')}
            extra={t(`research.manage.form.designeesHelp.${face.kind}`)}
            required
            dependencies={['publish_range']}
            rules={[payloadRule(ProjectSaveSchema, payload, ['designees'])]}
          >
            <UserSearchSelect kind={face.kind} known={known} />
          </Form.Item>
        )}
        <Form.Item
          name="confidential"
          label={t('research.fields.confidential')}
          extra={t('research.manage.form.confidentialHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Card>
      <div className="mb-research-form-actions">
        <Button onClick={() => navigate(`${face.base}/list`)}>{t('common.cancel')}</Button>
        {running ? (
          <Button type="primary" onClick={() => void run(false)} loading={busy} data-testid="project-save">
            {t('common.save')}
          </Button>
        ) : (
          <>
            <Button onClick={() => void run(false)} loading={busy} data-testid="project-save">
              {t('research.manage.form.saveDraft')}
            </Button>
            <Button type="primary" onClick={() => void run(true)} loading={busy} data-testid="project-publish">
              {t('research.manage.form.publish')}
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}

/** A direction's parent: a subject the specialist belongs to, or one of their own (custom) subjects. */
function ParentField() {
  const { t } = useTranslation();
  const joined = useProjects('subject', { scope: 'joined', page: 1, page_size: 100 });
  const own = useProjects('subject', { scope: 'own', page: 1, page_size: 100 });
  const options = useMemo(() => {
    const seen = new Map<number, string>();
    for (const subject of [...(own.data?.items ?? []), ...(joined.data?.items ?? [])])
      if (subject.status !== 'draft' && subject.status !== 'closed') seen.set(subject.id, subject.title);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [own.data, joined.data]);
  return (
    <Form.Item name="parent_id" label={t('research.fields.parent')} extra={t('research.manage.form.parentHelp')}>
      <Select
        allowClear
        loading={own.isFetching || joined.isFetching}
        options={options}
        placeholder={t('research.manage.form.noParent')}
        notFoundContent={t('research.manage.form.noParentOptions')}
      />
    </Form.Item>
  );
}
