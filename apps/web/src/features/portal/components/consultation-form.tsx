import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consultation, ConsultationTopic } from '@mathbridge/contracts/content';
import { isApiError } from '../../../lib/api-error.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { lazySchemaField, preloadValidation, type Schema } from '../../../lib/form-rules.ts';
import { addConsultation } from '../api/portal-api.ts';

/** CONSULTATION_TOPICS and CONSULTATION_CONTENT_MAX of the contract (a value import would bring zod into the page). */
const TOPICS: readonly ConsultationTopic[] = ['cooperation', 'certification', 'jobs', 'other'];
const CONTENT_MAX = 1000;
const RATE_LIMITED = 429;

// The contract's rules load on first validation, not with the page (lib/form-rules.ts).
const field = (name: keyof Consultation) => (): Promise<Schema> =>
  import('@mathbridge/contracts/content').then((m) => m.ConsultationSchema.shape[name]);

type Problem = { kind: 'rateLimited' | 'failed'; detail: string } | null;

/**
 * The consultation form (index/addConsultation, public): the contract's rules and messages on the
 * client, the server's field errors on their fields, a clear note when the rate limit refuses it,
 * and a thank-you once sent.
 */
export function ConsultationForm({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Consultation>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const submit = async (values: Consultation) => {
    setSending(true);
    setProblem(null);
    try {
      await addConsultation(values);
      form.resetFields();
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === RATE_LIMITED) {
        setProblem({ kind: 'rateLimited', detail: error.message });
      } else if (isApiError(error) && error.fieldErrors.length > 0) {
        showSubmitError(form, error);
      } else if (!isApiError(error) || !error.handled) {
        setProblem({ kind: 'failed', detail: error instanceof Error ? error.message : '' });
      }
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="mb-consult-sent" role="status">
        <CheckCircleFilled className="mb-consult-sent-icon" aria-hidden />
        <h3>{t('portal.consult.sentTitle')}</h3>
        <p>{t('portal.consult.sentText')}</p>
        <Button onClick={() => setSent(false)}>{t('portal.consult.another')}</Button>
      </div>
    );
  }

  return (
    <Form
      form={form}
      name={`${idPrefix}-consultation`}
      className="mb-consult-form"
      layout="vertical"
      requiredMark
      onFocus={preloadValidation}
      onFinish={(values) => void submit(values)}
      initialValues={{ topic: 'cooperation' }}
    >
      <div className="mb-consult-row">
        <Form.Item name="name" label={t('portal.consult.name')} {...lazySchemaField(field('name'), true)}>
          <Input autoComplete="name" maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label={t('portal.consult.phone')} {...lazySchemaField(field('phone'), true)}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>
      </div>
      <div className="mb-consult-row">
        <Form.Item name="email" label={t('portal.consult.email')} {...lazySchemaField(field('email'), false)}>
          <Input type="email" autoComplete="email" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="organisation"
          label={t('portal.consult.organisation')}
          {...lazySchemaField(field('organisation'), false)}
        >
          <Input autoComplete="organization" maxLength={60} />
        </Form.Item>
      </div>
      <Form.Item name="topic" label={t('portal.consult.topic')} {...lazySchemaField(field('topic'), true)}>
        <Radio.Group className="mb-consult-topics" optionType="button" buttonStyle="solid">
          {TOPICS.map((topic) => (
            <Radio.Button key={topic} value={topic}>
              {t(`portal.consult.topics.${topic}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="content" label={t('portal.consult.content')} {...lazySchemaField(field('content'), true)}>
        <Input.TextArea
          rows={4}
          maxLength={CONTENT_MAX}
          showCount
          placeholder={t('portal.consult.contentPlaceholder')}
        />
      </Form.Item>
      {problem && (
        <Alert
          className="mb-consult-problem"
          type={problem.kind === 'rateLimited' ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={t(problem.kind === 'rateLimited' ? 'portal.consult.rateLimited' : 'portal.consult.failed')}
          description={problem.detail || undefined}
        />
      )}
      <Button type="primary" htmlType="submit" size="large" loading={sending}>
        {t('portal.consult.submit')}
      </Button>
    </Form>
  );
}
