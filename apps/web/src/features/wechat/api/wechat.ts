import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WECHAT_QR_POLL_MS, WECHAT_RETRY_MS } from '@mathbridge/contracts/constants';
import { wechatEndpoints as calls } from '@mathbridge/contracts/endpoints/wechat';
import type { WeChatBind, WeChatQrStatus } from '@mathbridge/contracts/wechat';
import { api } from '../../../lib/api-client.ts';
import { ApiError, isApiError } from '../../../lib/api-error.ts';

/** The account page's binding (wechat/binding). */
export const wechatBindingQueryKey = ['wechat', 'binding'] as const;

export function getWechatBinding(signal?: AbortSignal) {
  return api.call(calls.binding, {}, { signal });
}

export function useWechatBinding() {
  return useQuery(queryOptions({ queryKey: wechatBindingQueryKey, queryFn: ({ signal }) => getWechatBinding(signal) }));
}

/** The dialog shows failures itself (and retries), so the client reports none. */
export function getQrStatus(signal?: AbortSignal) {
  return api.call(calls.getQRcode, {}, { signal, reportErrors: false });
}

/**
 * The dialog's poll of wechat/getQRcode (spec §4, §9): every WECHAT_QR_POLL_MS while waiting for a
 * scan, WECHAT_RETRY_MS after a failure, stopped once scanned or bound. `session` is new at every
 * opening of the dialog, so a reopened dialog starts from nothing. `onAnswer` sees every answer.
 */
export function useQrStatus(session: number, enabled: boolean, onAnswer: (answer: WeChatQrStatus) => void) {
  return useQuery({
    queryKey: ['wechat', 'qr', session],
    queryFn: async ({ signal }) => {
      let answer: WeChatQrStatus;
      try {
        answer = await getQrStatus(signal);
      } catch (error) {
        // Shown in the dialog, with its retry; the query cache must not pop it up as well.
        if (isApiError(error) && !error.handled)
          throw new ApiError({ ...error, message: error.message, fieldErrors: error.fieldErrors, handled: true });
        throw error;
      }
      onAnswer(answer);
      return answer;
    },
    enabled,
    // Reopened polling (after a failed bind) asks again at once.
    staleTime: 0,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      if (!enabled) return false;
      if (query.state.status === 'error') return WECHAT_RETRY_MS;
      return query.state.data?.is_bind === '-1' ? WECHAT_QR_POLL_MS : false;
    },
  });
}

export function bindWechat(input: WeChatBind) {
  return api.call(calls.bind, input, { reportErrors: false });
}

export function useBindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindWechat,
    // The dialog shows every failure itself (on the field, or with its retry).
    meta: { formErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wechatBindingQueryKey }),
  });
}

export function unbindWechat() {
  return api.call(calls.unbind, {});
}

export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindWechat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wechatBindingQueryKey }),
  });
}
