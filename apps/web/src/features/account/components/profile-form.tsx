import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateProfileSchema, type Profile, type UpdateProfile } from '@mathbridge/contracts/accounts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileValues = Required<{ [K in keyof UpdateProfile]: string }>;
const FIELDS = ['account', 'truename', 'email', 'contact', 'contact_phone'] as const;

function valuesOf(profile: Profile): ProfileValues {
  const { info } = profile;
  return {
    account: info.account ?? '',
    truename: info.truename ?? '',
    email: info.email ?? '',
    contact: info.contact ?? '',
    contact_phone: info.contact_phone ?? '',
  };
}

function sameValues(a: Partial<ProfileValues>, b: ProfileValues): boolean {
  return FIELDS.every((field) => (a[field] ?? '').trim() === b[field].trim());
}

/** The editable profile fields (POST user/update_profile); leaving it unsaved asks first. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(() => valuesOf(profile));
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const onFinish = async (values: ProfileValues) => {
    try {
      await update.mutateAsync(values);
      setSaved(values);
      setDirty(false);
      notify.success(t('account.profile.saved'));
    } catch (error) {
      showSubmitError(form, error);
    }
  };

  return (
    <Card variant="borderless" title={t('account.profile.title')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={saved}
        onValuesChange={(_changed, all) => setDirty(!sameValues(all, saved))}
        onFinish={(values) => void onFinish(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item label={t('account.profile.phone')} extra={t('account.profile.phoneHint')} htmlFor="profile-phone">
          <Input id="profile-phone" value={profile.info.phone} disabled />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('account.profile.account')}
          {...schemaField(UpdateProfileSchema.shape.account)}
        >
          <Input autoComplete="nickname" />
        </Form.Item>
        <Form.Item
          name="truename"
          label={t('account.profile.truename')}
          {...schemaField(UpdateProfileSchema.shape.truename)}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('account.profile.email')} {...schemaField(UpdateProfileSchema.shape.email)}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('account.profile.contact')}
          {...schemaField(UpdateProfileSchema.shape.contact)}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="contact_phone"
          label={t('account.profile.contact_phone')}
          {...schemaField(UpdateProfileSchema.shape.contact_phone)}
        >
          <Input inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
            {t('account.profile.save')}
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => {
              form.resetFields();
              setDirty(false);
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
