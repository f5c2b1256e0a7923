import { Alert, Button, Form, Input, Modal, QRCode, Result, Spin, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WECHAT_RETRY_MS, WECHAT_SCAN_SUCCESS_MS } from '@mathbridge/contracts/constants';
import { WECHAT_CODE_LENGTH, type WeChatQrStatus } from '@mathbridge/contracts/wechat';
import { isApiError } from '../../../lib/api-error.ts';
import { lazySchemaField, preloadValidation } from '../../../lib/form-rules.ts';
import { useBindWechat, useQrStatus } from '../api/wechat.ts';

/** Where the dialog is (spec §4): the QR code, 'scan successful' for 2 s, the code, bound. */
type Phase = 'qr' | 'scanned' | 'code' | 'bound';

const STEP_OF: Record<Phase, number> = { qr: 0, scanned: 0, code: 1, bound: 2 };

const messagingCodeField = lazySchemaField(
  () => import('@mathbridge/contracts/validation').then((m) => m.MessagingCodeSchema),
  true,
);

let openings = 0;

/**
 * The WeChat binding dialog (spec §4, §9; issue 13). Step 0 shows the temporary QR code, drawn
 * here from its content, and polls wechat/getQRcode every 2 s; a scan shows 'scan successful' for
 * 2 s, then step 1 asks for the code the official account sent, step 2 says bound (greeting a first
 * binding). A failed call shows its message and is retried after 4 s. The parent mounts it for each
 * opening, so closing drops every timer and reopening starts afresh.
 */
export default function BindWechatDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  // A query of its own per opening: nothing of an earlier opening is shown again.
  const [session] = useState(() => (openings += 1));
  const [phase, setPhase] = useState<Phase>('qr');
  // After a failed bind the poll resumes; a scene still scanned then goes straight to the code.
  const resumed = useRef(false);
  const [bound, setBound] = useState<WeChatQrStatus | null>(null);
  const [bindError, setBindError] = useState<string | null>(null);
  // Each answer of the poll moves the dialog on: bound, or scanned (the code is on its way).
  const onAnswer = (answer: WeChatQrStatus) => {
    if (answer.is_bind === '1') {
      setBound(answer);
      setPhase('bound');
    } else if (answer.is_bind === '0') {
      setPhase((current) => (current === 'qr' ? (resumed.current ? 'code' : 'scanned') : current));
    }
  };
  const qr = useQrStatus(session, phase === 'qr', onAnswer);
  const bind = useBindWechat();
  const [form] = Form.useForm<{ code: string }>();

  useEffect(() => {
    if (phase !== 'scanned') return;
    const timer = setTimeout(() => setPhase('code'), WECHAT_SCAN_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (!bindError) return;
    const timer = setTimeout(() => {
      setBindError(null);
      resumed.current = true;
      setPhase('qr');
    }, WECHAT_RETRY_MS);
    return () => clearTimeout(timer);
  }, [bindError]);

  const submit = async ({ code }: { code: string }) => {
    try {
      const result = await bind.mutateAsync({ code: code.trim() });
      setBound(result);
      setPhase('bound');
    } catch (error) {
      const onField = isApiError(error) ? error.fieldErrors.find((e) => e.field === 'code') : undefined;
      if (onField) form.setFields([{ name: 'code', errors: [onField.message] }]);
      else setBindError(isApiError(error) ? error.message : t('errors.error'));
    }
  };

  const pollError = phase === 'qr' && qr.isError ? qr.error.message : null;
  const errorText = pollError ?? bindError;
  const retrySeconds = WECHAT_RETRY_MS / 1000;

  return (
    <Modal
      open
      title={t('wechat.dialog.title')}
      onCancel={onClose}
      footer={null}
      width={440}
      destroyOnHidden
      className="mb-wechat-dialog"
    >
      <Steps
        current={STEP_OF[phase]}
        size="small"
        responsive={false}
        titlePlacement="vertical"
        items={[
          { title: t('wechat.dialog.stepScan') },
          { title: t('wechat.dialog.stepCode') },
          { title: t('wechat.dialog.stepDone') },
        ]}
        style={{ marginBlock: 16 }}
      />
      {errorText && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText}
          description={t('wechat.dialog.retrying', { seconds: retrySeconds })}
          style={{ marginBottom: 16 }}
          data-testid="wechat-error"
        />
      )}
      <div aria-live="polite">
        {(phase === 'qr' || phase === 'scanned') && <QrStep phase={phase} url={qr.data?.url} />}
        {phase === 'code' && (
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            onFocus={preloadValidation}
            disabled={bind.isPending || bindError !== null}
            requiredMark={false}
          >
            <Form.Item
              name="code"
              label={t('wechat.dialog.codeLabel')}
              extra={t('wechat.dialog.codeHint')}
              {...messagingCodeField}
            >
              <Input
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={WECHAT_CODE_LENGTH}
                size="large"
                data-testid="wechat-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={bind.isPending}>
              {t('wechat.dialog.submit')}
            </Button>
          </Form>
        )}
        {phase === 'bound' && (
          <Result
            status="success"
            title={t('wechat.dialog.bound')}
            subTitle={
              <>
                <div>{t('wechat.dialog.boundAs', { name: bound?.nick_name ?? '' })}</div>
                {bound?.is_first && <div>{t('wechat.dialog.firstGreeting')}</div>}
              </>
            }
            extra={
              <Button type="primary" onClick={onClose} autoFocus>
                {t('wechat.dialog.done')}
              </Button>
            }
          />
        )}
      </div>
    </Modal>
  );
}

function QrStep({ phase, url }: { phase: Phase; url: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, textAlign: 'center' }}>
      {url ? (
        <div role="img" aria-label={t('wechat.dialog.qrLabel')} data-testid="wechat-qr">
          <QRCode value={url} size={200} status={phase === 'scanned' ? 'scanned' : 'active'} />
        </div>
      ) : (
        <div style={{ height: 200, display: 'grid', placeItems: 'center' }}>
          <Spin description={t('wechat.dialog.loading')} />
        </div>
      )}
      {phase === 'scanned' ? (
        <Alert
          type="success"
          showIcon
          title={t('wechat.dialog.scanned')}
          description={t('wechat.dialog.scannedHint')}
        />
      ) : (
        <p className="mb-muted" style={{ margin: 0 }}>
          {t('wechat.dialog.scanHint')}
        </p>
      )}
    </div>
  );
}
