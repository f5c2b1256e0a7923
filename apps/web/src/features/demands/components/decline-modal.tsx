import { useTranslation } from 'react-i18next';
import { DECLINE_REASONS, DeclineSolutionSchema, SOLUTION_TEXT_MAX } from '@mathbridge/contracts/solutions';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeclineSolution } from '../api/solutions.ts';

interface DeclineModalProps {
  solution: { id: number; institute: { name: string } } | null;
  onClose: () => void;
}

/** Declining needs a reason from the list and, for 'other', a text: the institute always learns why. */
export function DeclineModal({ solution, onClose }: DeclineModalProps) {
  const { t } = useTranslation();
  const decline = useDeclineSolution();
  return (
    <ReasonModal
      target={solution && { id: solution.id, name: solution.institute.name }}
      schema={DeclineSolutionSchema}
      reasons={DECLINE_REASONS}
      reasonLabel={(reason) => t(`declineReasons.${reason}`)}
      textMax={SOLUTION_TEXT_MAX.decline_text}
      labels={{
        title: t('demands.solutions.declineTitle'),
        ok: t('demands.solutions.decline'),
        reason: t('demands.solutions.reason'),
        choose: t('demands.form.placeholders.select'),
        reasonText: t('demands.solutions.reasonText'),
        reasonTextHelp: t('demands.solutions.reasonTextHelp'),
      }}
      pending={decline.isPending}
      onSubmit={async (values) => {
        await decline.mutateAsync(values);
        notify.success(t('demands.solutions.declined'));
      }}
      onClose={onClose}
    />
  );
}
