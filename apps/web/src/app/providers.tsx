import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdLocale } from '../i18n/antd-locale.ts';
import { currentLocale, useLocale } from '../i18n/locale.ts';
import { themeFor } from './theme.ts';

// Toasts and dialogs opened outside the tree (lib/notify.ts) get the same theme and locale.
ConfigProvider.config({
  holderRender: (children) => {
    const locale = currentLocale();
    return (
      <ConfigProvider locale={antdLocale(locale)} theme={themeFor(locale)}>
        {children}
      </ConfigProvider>
    );
  },
});

/** Antd follows the UI locale (spec §9; STYLE: Ant Design's locale included). */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <ConfigProvider locale={antdLocale(locale)} theme={themeFor(locale)}>
      {children}
    </ConfigProvider>
  );
}
