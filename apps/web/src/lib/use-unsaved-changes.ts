import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { notify } from './notify.ts';
import { useSession } from './session-store.ts';

/**
 * Spec §5: closing a dialog or drawer over unsaved typing asks first; `onLeave` runs only when the
 * user agrees. Without `dirty`, it runs at once.
 */
export function confirmLeave(
  t: TFunction,
  dirty: boolean,
  onLeave: () => void,
  options: { onCancel?: () => void; afterClose?: () => void } = {},
): void {
  if (!dirty) {
    onLeave();
    return;
  }
  notify.confirm({
    title: t('common.unsavedTitle'),
    content: t('common.unsavedContent'),
    okText: t('common.leave'),
    cancelText: t('common.stay'),
    okButtonProps: { danger: true },
    onOk: onLeave,
    ...options,
  });
}

/**
 * Spec §5: leaving an unsaved form asks for confirmation — in-app navigation through a dialog,
 * closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { t } = useTranslation();
  // Once the session has ended (logout, expiry) the form cannot be saved anyway: let it go.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && useSession.getState().hasToken && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    confirmLeave(t, true, () => blocker.proceed(), {
      onCancel: () => blocker.reset(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
