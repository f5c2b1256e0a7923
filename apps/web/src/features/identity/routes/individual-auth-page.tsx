import { useTranslation } from 'react-i18next';
import { CertificationPanel } from '../components/certification-panel.tsx';

/** /account/individual-authentication: specialists and students certify themselves. */
export default function IndividualAuthPage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="mb-page-header">
        <h1>{t('accountArea.menu.individual-authentication')}</h1>
        <span className="mb-muted">{t('identity.page.individualSubtitle')}</span>
      </header>
      <CertificationPanel kind="individual" />
    </>
  );
}
