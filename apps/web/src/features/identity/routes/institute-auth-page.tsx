import { useTranslation } from 'react-i18next';
import { CertificationPanel } from '../components/certification-panel.tsx';

/** /account/institute-authentication: enterprises and research institutes certify. */
export default function InstituteAuthPage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="mb-page-header">
        <h1>{t('accountArea.menu.institute-authentication')}</h1>
        <span className="mb-muted">{t('identity.page.instituteSubtitle')}</span>
      </header>
      <CertificationPanel kind="organisation" />
    </>
  );
}
