import { UploadOutlined } from '@ant-design/icons';
import { Alert, Form, Input, Modal, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileEndpoints } from '@mathbridge/contracts/endpoints/files';
import { APPLICATION_NOTE_MAX, ApplySchema, RESUME_EXTENSIONS, type Job } from '@mathbridge/contracts/jobs';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { formatBytes } from '../../../lib/format.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { uploadTo } from '../../../lib/upload-request.ts';
import { getResumeSpace, useApply } from '../api/jobs.ts';

interface ApplyValues {
  resume?: { id: number; name: string; size: number };
  note?: string;
}

const ACCEPT = RESUME_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** POST upload/upload into the caller's resume space (job/resumeSpace) with the `docs` profile. */
async function uploadResume(file: File, onProgress: (percent: number) => void) {
  const { space_id } = await getResumeSpace();
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadTo(fileEndpoints.upload, form, {
    query: { space_id, profile: 'docs', size: file.size },
    onProgress: ({ loaded, total }) => onProgress(Math.round((loaded / total) * 100)),
    reportErrors: false,
  });
}

/** The control of the 'resume' field: upload a file, then show which one will be sent. */
function ResumeInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: ApplyValues['resume'];
  onChange?: (value: ApplyValues['resume']) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    setPercent(0);
    try {
      const node = await uploadResume(file, setPercent);
      onChange?.({ id: node.id, name: node.name, size: node.size ?? file.size });
    } catch (failure) {
      setError(isApiError(failure) && failure.message ? failure.message : t('jobs.apply.uploadFailed'));
    } finally {
      setPercent(null);
    }
  };
  return (
    <div className="mb-job-resume" id={id}>
      <FilePickerButton
        icon={<UploadOutlined />}
        accept={ACCEPT}
        onFiles={(files) => void pick(files)}
        loading={percent !== null}
        inputTestId="resume-input"
      >
        {percent !== null ? t('jobs.apply.uploading') : t('jobs.apply.chooseResume')}
      </FilePickerButton>
      {value && (
        <span data-testid="resume-chosen">
          <span className="mb-job-resume-name">{value.name}</span>{' '}
          <span className="mb-muted">{formatBytes(value.size, locale)}</span>
        </span>
      )}
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 120 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ width: '100%' }} />}
    </div>
  );
}

/**
 * Applying to a job: a resume uploaded to the caller's resume space, and an optional note (job/apply).
 * `onApplied` runs once the application is sent (pages without the query cache reload their job).
 */
export function ApplyModal({
  job,
  open,
  onClose,
  onApplied,
}: {
  job: Job;
  open: boolean;
  onClose: () => void;
  onApplied?: () => void;
}) {
  const { t } = useTranslation();
  const apply = useApply();
  const [form] = Form.useForm<ApplyValues>();
  const submit = dialogSubmit(
    form,
    async (values) => {
      await apply.mutateAsync({
        job_id: job.id,
        resume_file_id: values.resume?.id ?? 0,
        note: values.note || undefined,
      });
      notify.success(t('jobs.apply.sent'));
      onApplied?.();
      onClose();
    },
    { resume_file_id: 'resume' },
  );
  return (
    <Modal
      open={open}
      title={t('jobs.apply.title', { title: job.title })}
      okText={t('jobs.apply.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={apply.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<ApplyValues> form={form} layout="vertical" onFocus={preloadValidation} disabled={apply.isPending}>
        <Form.Item
          name="resume"
          label={t('jobs.apply.resume')}
          extra={t('jobs.apply.resumeHelp')}
          required
          rules={[
            {
              validator: async (_rule, value?: ApplyValues['resume']) => {
                if (!value) throw new Error(t('jobs.apply.resumeRequired'));
              },
            },
          ]}
        >
          <ResumeInput />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('jobs.apply.note')}
          extra={t('jobs.apply.noteHelp')}
          {...schemaField(ApplySchema.shape.note)}
        >
          <Input.TextArea rows={4} maxLength={APPLICATION_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
