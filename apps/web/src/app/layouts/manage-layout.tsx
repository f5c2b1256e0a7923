import {
  AppstoreOutlined,
  AuditOutlined,
  BulbOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FundProjectionScreenOutlined,
  NodeIndexOutlined,
  PartitionOutlined,
  ProjectOutlined,
  ReadOutlined,
  SendOutlined,
  SolutionOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sectionsFor } from '@mathbridge/contracts/routes';
import { useSession } from '../../lib/session-store.ts';
import { manageSectionTitleKey } from '../manage-titles.ts';
import { QueryProvider } from '../../components/query-provider.tsx';
import { SideMenuLayout } from './side-menu-layout.tsx';

const ICONS: Record<string, ReactNode> = {
  dashboard: <AppstoreOutlined />,
  todoList: <CheckSquareOutlined />,
  demands: <FundProjectionScreenOutlined />,
  solutions: <BulbOutlined />,
  willManageE: <SendOutlined />,
  willManageRI: <SendOutlined />,
  demandManage: <FileTextOutlined />,
  demandManageRI: <AuditOutlined />,
  subjectManage: <ProjectOutlined />,
  subjectManageS: <ExperimentOutlined />,
  directionManage: <NodeIndexOutlined />,
  directionManageStu: <ReadOutlined />,
  subjectsPool: <ClusterOutlined />,
  directionsPool: <PartitionOutlined />,
  researchQuestions: <DeploymentUnitOutlined />,
  employment: <UsergroupAddOutlined />,
  myJob: <SolutionOutlined />,
  sharedTplFile: <FolderOpenOutlined />,
};

/** The workspace /manage: a side menu of the sections the user's roles may open (spec §6). */
export function ManageLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const roles = useSession((s) => s.roles);
  const sections = sectionsFor(roles).filter((section) => section.menu);
  const selected = pathname.split('/')[2];
  return (
    <QueryProvider>
      <SideMenuLayout
      title={t('manage.title')}
      label={t('manage.menuLabel')}
      selectedKey={selected}
      items={sections.map((section) => ({
        key: section.key,
        icon: ICONS[section.key] ?? <TeamOutlined />,
        label: <Link to={`/manage/${section.key}`}>{t(manageSectionTitleKey(section.key))}</Link>,
      }))}
      />
    </QueryProvider>
  );
}
