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
  HistoryOutlined,
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
import { MANAGE_SECTIONS } from '@mathbridge/contracts/routes';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { useSession } from '../../lib/session-store.ts';
import { manageSectionTitleKey } from '../../lib/manage-titles.ts';
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
  const verifyState = useSession((s) => s.profile?.verify_state);
  const sections = MANAGE_SECTIONS.filter((section) => section.menu && canUseSection(roles, verifyState, section.key));
  const admin = roles.includes('Admin');
  const selected = pathname.split('/')[2];
  return (
    <QueryProvider>
      <SideMenuLayout
        title={t('manage.title')}
        label={t('manage.menuLabel')}
        selectedKey={selected}
        items={[
          ...sections.map((section) => ({
            key: section.key,
            icon: ICONS[section.key] ?? <TeamOutlined />,
            label: <Link to={`/manage/${section.key}`}>{t(manageSectionTitleKey(section.key))}</Link>,
          })),
          // Beyond spec §6's sections: the audit log, for admins (issue 3).
          ...(admin
            ? [
                {
                  key: 'logs',
                  icon: <HistoryOutlined />,
                  label: <Link to="/manage/logs">{t('workspace.dashboard.logs')}</Link>,
                },
                {
                  key: 'content',
                  icon: <ReadOutlined />,
                  label: <Link to="/manage/content">{t('contentManager.title')}</Link>,
                },
              ]
            : []),
        ]}
      />
    </QueryProvider>
  );
}
