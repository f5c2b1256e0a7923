import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Portal tabs (spec §2): home, service, industry, recruitment, news, about. */
export const PORTAL_TABS = [
  { path: '/start', label: 'nav.home' },
  { path: '/service', label: 'nav.service' },
  { path: '/industry', label: 'nav.industry' },
  { path: '/employ', label: 'nav.recruitment' },
  { path: '/news', label: 'nav.news' },
  { path: '/aboutUs', label: 'nav.about' },
] as const;

/** The role sub-menu (spec §2). */
export const ROLE_LINKS = [
  { path: '/enterprise', label: 'nav.enterprise' },
  { path: '/researchinstitute', label: 'nav.researchInstitute' },
  { path: '/specialist', label: 'nav.specialist' },
  { path: '/student', label: 'nav.student' },
  { path: '/innovate-forum', label: 'nav.innovateForum' },
  { path: '/certification', label: 'nav.certification' },
] as const;

export const IDENTITIES_KEY = 'identities';

type NavLinkSpec = (typeof PORTAL_TABS)[number] | (typeof ROLE_LINKS)[number];

/** Whether a path belongs to a nav entry, e.g. /news/detail/3 → /news. */
export function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Menu items for the phone drawer (antd Menu, loaded with the drawer). */
export function useNavMenuItems(): MenuProps['items'] {
  const { t } = useTranslation();
  const linkItem = ({ path, label }: NavLinkSpec) => ({ key: path, label: <Link to={path}>{t(label)}</Link> });
  return [
    ...PORTAL_TABS.map(linkItem),
    { key: IDENTITIES_KEY, label: t('nav.identities'), children: ROLE_LINKS.map(linkItem) },
  ];
}

export function selectedNavKeys(pathname: string): string[] {
  const hit = [...PORTAL_TABS, ...ROLE_LINKS].find(({ path }) => isUnder(pathname, path));
  return hit ? [hit.path] : [];
}
