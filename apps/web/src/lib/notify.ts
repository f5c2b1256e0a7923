import type { ModalFuncProps } from 'antd';
import type * as NotifyImpl from './notify-impl.ts';

/**
 * Toasts and confirm dialogs for any code, components or not. antd's message/modal machinery is
 * sizeable and no page needs it to render, so it loads on first use (see notify-impl.ts) and stays
 * out of the public pages' first load.
 */
type Impl = typeof NotifyImpl;

let impl: Promise<Impl> | null = null;
const load = () => (impl ??= import('./notify-impl.ts'));

export const notify = {
  success(content: string): void {
    void load().then(({ message }) => message.success(content));
  },
  /** A `key` makes repeated notices replace each other instead of stacking. */
  error(content: string, key?: string): void {
    void load().then(({ message }) => message.error(key ? { content, key } : content));
  },
  /**
   * A confirm dialog whose `onOk` may fail without an uncaught error: antd passes a rejected promise
   * on unhandled. The failure was already shown (the API client, or the query cache for a mutation).
   */
  confirm(config: ModalFuncProps): void {
    const { onOk } = config;
    const guarded: ModalFuncProps['onOk'] = onOk
      ? (...args) => {
          const result: unknown = onOk(...args);
          return result instanceof Promise ? result.catch(() => undefined) : result;
        }
      : undefined;
    void load().then(({ Modal }) => Modal.confirm({ ...config, onOk: guarded }));
  },
};
