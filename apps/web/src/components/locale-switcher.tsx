import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_LABELS } from '@mathbridge/contracts/locales';
import { changeLocale, useLocale } from '../i18n/locale.ts';
import { DisclosureMenu } from './disclosure-menu.tsx';

/** Language switcher of the top navigation (spec §2); the choice is kept in local storage. */
export function LocaleSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <DisclosureMenu
      align="end"
      ariaLabel={`${t('nav.language')}: ${LOCALE_LABELS[locale]}`}
      triggerClassName="mb-locale-trigger"
      label={
        <>
          <GlobalOutlined aria-hidden />
          <span className="mb-hide-xs" lang={locale}>
            {LOCALE_LABELS[locale]}
          </span>
        </>
      }
    >
      {(close) => (
        <ul className="mb-disclosure-list" aria-label={t('nav.language')}>
          {LOCALES.map((code) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                className="mb-disclosure-item"
                aria-pressed={code === locale}
                onClick={() => {
                  close();
                  void changeLocale(code);
                }}
              >
                <span>{LOCALE_LABELS[code]}</span>
                {code === locale && <CheckOutlined aria-hidden />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DisclosureMenu>
  );
}
