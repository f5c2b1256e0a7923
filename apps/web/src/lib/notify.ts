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
  confirm(config: ModalFuncProps): void {
    void load().then(({ Modal }) => Modal.confirm(config));
  },
};
