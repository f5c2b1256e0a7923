import { Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TITLE_MAX_UNITS } from '@mathbridge/contracts/validation';
import { TitleInput, titleHint } from '../../../components/title-input.tsx';
import {
  PARTNER_TYPES,
  WISH_DURATIONS,
  WISH_TEXT_MAX,
  WishCreateSchema,
  type PartnerType,
  type WishCreate,
  type WishDuration,
} from '@mathbridge/contracts/wishes';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';
import { validateOrScroll } from '../../../lib/form-kit.ts';
import { useCreateWish } from '../api/wishes.ts';
import '../components/wishes.css';

const BASE = '/manage/willManageE';
const shape = WishCreateSchema.shape;
const MOBILE = /^1[3-9]\d{9}$/;

interface WishFormValues {
  title: string;
  msc_fields: string[];
  description: string;
  partner_type?: PartnerType;
  duration?: WishDuration;
  contact: string;
  contact_phone: string;
}

/**
 * /manage/willManageE/create: a new cooperation wish (contracts WishCreateSchema, checked here
 * and on the server by the same rules). Leaving with unsaved input asks first (spec §5).
 */
export default function WishCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWish();
  const info = useSession((s) => s.profile?.info);
  const [form] = Form.useForm<WishFormValues>();
  const [dirty, setDirty] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useUnsavedChanges(dirty);

  // Navigate only once 'dirty' is down, or the leave-confirmation would ask.
  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo);
  }, [leaveTo, dirty, navigate]);

  // The account's own contact details are a good start; they are not "changes" to confirm.
  const initialValues = useMemo<Partial<WishFormValues>>(() => {
    const phone = [info?.contact_phone, info?.phone].find((value) => value && MOBILE.test(value));
    return { msc_fields: [], contact: info?.contact || info?.truename || undefined, contact_phone: phone ?? undefined };
  }, [info]);

  const submit = async () => {
    const values = await validateOrScroll(form);
    if (!values) return;
    try {
      const wish = await create.mutateAsync({
        ...values,
        partner_type: values.partner_type,
        duration: values.duration,
      } as WishCreate);
      notify.success(t('wishes.form.created'));
      setDirty(false);
      setLeaveTo(`${BASE}/detail/${wish.id}`);
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('wishes.form.title')}</h1>
        <span className="mb-muted">{t('wishes.form.subtitle')}</span>
      </header>
      <Form<WishFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFocus={preloadValidation}
        disabled={create.isPending}
        scrollToFirstError
      >
        <Card variant="borderless" title={t('wishes.form.sections.wish')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="title"
            label={t('wishes.form.titleLabel')}
            extra={titleHint(t, TITLE_MAX_UNITS)}
            {...schemaField(shape.title)}
          >
            <TitleInput placeholder={t('wishes.form.placeholders.title')} maxUnits={TITLE_MAX_UNITS} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="msc_fields" label={t('wishes.form.mscFields')} {...schemaField(shape.msc_fields)}>
                <ResearchFieldSelect />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="partner_type" label={t('wishes.form.partnerType')} {...schemaField(shape.partner_type)}>
                <Select
                  placeholder={t('common.select')}
                  options={PARTNER_TYPES.map((type) => ({ value: type, label: t(`partnerTypes.${type}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="duration" label={t('wishes.form.duration')} {...schemaField(shape.duration)}>
                <Select
                  placeholder={t('common.select')}
                  options={WISH_DURATIONS.map((duration) => ({
                    value: duration,
                    label: t(`wishDurations.${duration}`),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="description"
            label={t('wishes.form.description')}
            extra={t('wishes.form.descriptionHelp')}
            {...schemaField(shape.description)}
          >
            <Input.TextArea
              rows={8}
              maxLength={WISH_TEXT_MAX.description}
              showCount
              placeholder={t('wishes.form.placeholders.description')}
            />
          </Form.Item>
        </Card>
        <Card variant="borderless" title={t('wishes.form.sections.contact')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="contact" label={t('wishes.form.contact')} {...schemaField(shape.contact)}>
                <Input placeholder={t('wishes.form.placeholders.contact')} autoComplete="name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="contact_phone"
                label={t('wishes.form.contactPhone')}
                {...schemaField(shape.contact_phone)}
              >
                <Input placeholder={t('wishes.form.placeholders.contactPhone')} autoComplete="tel" inputMode="tel" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <div className="mb-wish-form-actions">
          <Button onClick={() => navigate(`${BASE}/list`)}>{t('wishes.form.cancel')}</Button>
          <Button type="primary" onClick={() => void submit()} loading={create.isPending}>
            {t('wishes.form.submit')}
          </Button>
        </div>
      </Form>
    </>
  );
}
