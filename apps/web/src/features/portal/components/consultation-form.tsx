import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consultation, ConsultationTopic } from '@mathbridge/contracts/content';
import { currentLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { addConsultation } from '../api/portal-api.ts';

/** CONSULTATION_TOPICS and CONSULTATION_CONTENT_MAX of the contract (a value import would bring zod into the page). */
const TOPICS: readonly ConsultationTopic[] = ['cooperation', 'certification', 'jobs', 'other'];
const CONTENT_MAX = 1000;
const RATE_LIMITED = 429;

type Field = keyof Consultation;
type Values = Record<Field, string>;
const FIELDS: Field[] = ['name', 'phone', 'email', 'organisation', 'topic', 'content'];
const REQUIRED: Record<Field, boolean> = {
  name: true,
  phone: true,
  email: false,
  organisation: false,
  topic: true,
  content: true,
};
const EMPTY: Values = { name: '', phone: '', email: '', organisation: '', topic: 'cooperation', content: '' };

// The contract's schema and its messages load with the first check, not with the page.
const loadChecker = () =>
  Promise.all([import('@mathbridge/contracts/content'), import('@mathbridge/contracts/validation')]).then(
    ([content, validation]) =>
      (field: Field, value: string): string | null =>
        validation.checkValue(
          content.ConsultationSchema.shape[field],
          value.trim() === '' ? undefined : value,
          currentLocale(),
        ),
  );

type Problem = { kind: 'rateLimited' | 'failed'; detail: string } | null;

/**
 * The consultation form (index/addConsultation, public). Plain form controls rather than antd's
 * Form, whose code would double a public page's first load (DESIGN §8). The contract's rules and
 * messages check each field on leaving it and all on sending; the server's field errors land on
 * their fields; a refusal by the rate limit says so clearly; a thank-you follows a sent message.
 */
export function ConsultationForm({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const form = useRef<HTMLFormElement>(null);
  const id = (field: Field) => `${idPrefix}-consultation_${field}`;

  const focusFirst = (failed: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((field) => failed[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const check = async (field: Field, value: string) => {
    const message = (await loadChecker())(field, value);
    setErrors((current) => ({ ...current, [field]: message ?? undefined }));
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field once marked wrong is checked again as it is corrected.
    if (errors[field]) void check(field, value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checker = await loadChecker();
    const failed: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) failed[field] = checker(field, values[field]) ?? undefined;
    setErrors(failed);
    if (FIELDS.some((field) => failed[field])) {
      focusFirst(failed);
      return;
    }
    setSending(true);
    try {
      const payload = Object.fromEntries(
        FIELDS.map((field) => [field, values[field].trim() || undefined]),
      ) as unknown as Consultation;
      await addConsultation(payload);
      setValues(EMPTY);
      setErrors({});
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === RATE_LIMITED) {
        setProblem({ kind: 'rateLimited', detail: error.message });
      } else if (isApiError(error) && error.fieldErrors.some((e) => FIELDS.includes(e.field as Field))) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const fieldError of error.fieldErrors) fromServer[fieldError.field as Field] ??= fieldError.message;
        setErrors(fromServer);
        focusFirst(fromServer);
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

  const text = (field: Exclude<Field, 'topic' | 'content'>, type: string, autoComplete: string, maxLength: number) => (
    <div className={`mb-field${errors[field] ? ' mb-field-invalid' : ''}`}>
      <label htmlFor={id(field)} className="mb-field-label">
        {REQUIRED[field] && (
          <span className="mb-field-required" aria-hidden>
            *{' '}
          </span>
        )}
        {t(`portal.consult.${field}`)}
      </label>
      <input
        id={id(field)}
        name={field}
        type={type}
        className="mb-field-input"
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        onBlur={(event) => void check(field, event.target.value)}
        autoComplete={autoComplete}
        inputMode={field === 'phone' ? 'numeric' : undefined}
        maxLength={maxLength}
        aria-required={REQUIRED[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id(field)}_error` : undefined}
      />
      {errors[field] && (
        <p id={`${id(field)}_error`} className="mb-field-error">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <form
      ref={form}
      className="mb-consult-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadChecker()}
    >
      <div className="mb-consult-row">
        {text('name', 'text', 'name', 30)}
        {text('phone', 'tel', 'tel', 11)}
      </div>
      <div className="mb-consult-row">
        {text('email', 'email', 'email', 100)}
        {text('organisation', 'text', 'organization', 60)}
      </div>
      <fieldset className="mb-field">
        <legend className="mb-field-label">
          <span className="mb-field-required" aria-hidden>
            *{' '}
          </span>
          {t('portal.consult.topic')}
        </legend>
        <div className="mb-consult-topics">
          {TOPICS.map((topic) => (
            <label key={topic} className="mb-consult-topic">
              <input
                type="radio"
                name="topic"
                value={topic}
                checked={values.topic === topic}
                onChange={() => change('topic', topic)}
              />
              <span>{t(`portal.consult.topics.${topic}`)}</span>
            </label>
          ))}
        </div>
        {errors.topic && <p className="mb-field-error">{errors.topic}</p>}
      </fieldset>
      <div className={`mb-field${errors.content ? ' mb-field-invalid' : ''}`}>
        <label htmlFor={id('content')} className="mb-field-label">
          <span className="mb-field-required" aria-hidden>
            *{' '}
          </span>
          {t('portal.consult.content')}
        </label>
        <textarea
          id={id('content')}
          name="content"
          className="mb-field-input"
          rows={4}
          value={values.content}
          onChange={(event) => change('content', event.target.value)}
          onBlur={(event) => void check('content', event.target.value)}
          maxLength={CONTENT_MAX}
          placeholder={t('portal.consult.contentPlaceholder')}
          aria-required
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${id('content')}_error` : `${id('content')}_count`}
        />
        <div className="mb-field-foot">
          {errors.content ? (
            <p id={`${id('content')}_error`} className="mb-field-error">
              {errors.content}
            </p>
          ) : (
            <span />
          )}
          <span id={`${id('content')}_count`} className="mb-field-count">
            {values.content.length} / {CONTENT_MAX}
          </span>
        </div>
      </div>
      {problem && (
        <div className={`mb-consult-problem mb-consult-problem-${problem.kind}`} role="alert">
          <ExclamationCircleFilled aria-hidden />
          <div>
            <p className="mb-consult-problem-title">
              {t(problem.kind === 'rateLimited' ? 'portal.consult.rateLimited' : 'portal.consult.failed')}
            </p>
            {problem.detail && <p className="mb-consult-problem-detail">{problem.detail}</p>}
          </div>
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" loading={sending}>
        {t('portal.consult.submit')}
      </Button>
    </form>
  );
}
