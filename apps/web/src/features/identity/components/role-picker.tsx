import { BankOutlined, ExperimentOutlined, ReadOutlined, ShopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityRole } from '@mathbridge/contracts/identity';
import './identity.css';

export const ROLE_ICONS: Partial<Record<IdentityRole, ReactNode>> = {
  Enterprise: <ShopOutlined />,
  ResearchInstitute: <BankOutlined />,
  Specialist: <ExperimentOutlined />,
  Student: <ReadOutlined />,
};

interface RolePickerProps {
  roles: readonly IdentityRole[];
  current?: IdentityRole | null;
  disabled?: boolean;
  busy?: IdentityRole | null;
  onPick: (role: IdentityRole) => void;
}

/** Identity cards to choose from: a radio group of big buttons. */
export function RolePicker({ roles, current, disabled, busy, onPick }: RolePickerProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-role-picker" role="radiogroup" aria-label={t('identity.page.pickTitle')}>
      {roles.map((role) => (
        <button
          key={role}
          type="button"
          role="radio"
          aria-checked={current === role}
          className="mb-role-option"
          disabled={disabled || busy !== null}
          aria-busy={busy === role}
          onClick={() => onPick(role)}
        >
          <span className="mb-role-option-icon" aria-hidden>
            {ROLE_ICONS[role]}
          </span>
          <span className="mb-role-option-title">{t(`roles.${role}`)}</span>
          <span className="mb-role-option-text">{t(`identity.choose.roles.${role}.text`)}</span>
          <span className="mb-role-option-needs">
            {t('identity.org.labelValue', {
              label: t('identity.choose.needs'),
              value: t(`identity.choose.roles.${role}.needs`),
            })}
          </span>
        </button>
      ))}
    </div>
  );
}
