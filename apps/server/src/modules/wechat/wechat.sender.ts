import type { OutboundMessage, Sender } from '../platform/outbox.service.ts';
import { WeChatApiError, type WeChatClient } from './wechat.client.ts';

/**
 * The delivery queue's sender for channel `wechat` (issue 13 §3): the recipient is the follower's
 * openid. A template message where the account configured one for the message's kind
 * (WECHAT_CODE_TEMPLATE_ID / WECHAT_NOTICE_TEMPLATE_ID), else a customer-service text message
 * (which WeChat accepts within 48 h of the follower's last interaction). Errors name the endpoint
 * and WeChat's errcode only, never the text or the code.
 */
export function createWeChatSender(client: WeChatClient): Sender {
  const { codeTemplateId, noticeTemplateId } = client.config;
  return {
    name: 'wechat',
    async send(message: OutboundMessage): Promise<void> {
      if (message.channel !== 'wechat') throw new Error(`wechat sender: wrong channel ${message.channel}`);
      const templateId = message.kind === 'code' ? codeTemplateId : noticeTemplateId;
      try {
        if (templateId) {
          const data: Record<string, { value: string }> = { content: { value: message.body } };
          if (message.kind === 'code' && message.code) data.code = { value: message.code };
          await client.sendTemplate(message.recipient, templateId, data);
        } else {
          await client.sendText(message.recipient, message.body);
        }
      } catch (error) {
        // WeChatApiError's text is already safe; anything else is replaced, as it might echo the body.
        if (error instanceof WeChatApiError) throw error;
        throw new Error('wechat sender: message not sent');
      }
    },
  };
}
