import { useTranslation } from 'react-i18next';
import '../i18n/strings.ts';

/** Placeholder until the page lands (issue 12). */
export default function Page() {
  const { t } = useTranslation();
  return <p>{t('notebooks.placeholder')}</p>;
}
