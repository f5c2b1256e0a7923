import type { UiPageMessages } from '../i18n/ui-messages.ts';

type SectionKey = keyof UiPageMessages['manage']['sections'];
type ChildKey = keyof UiPageMessages['manage']['children'];

/**
 * i18n keys of workspace sections and child pages. MANAGE_SECTIONS types its keys as plain
 * strings, so they are narrowed here; an unknown key would show as the raw key, which the
 * screenshots of every section would reveal.
 */
export function manageSectionTitleKey(key: string) {
  return `manage.sections.${key as SectionKey}` as const;
}

/** A child named differently in one section: an institute's demand form is its solution to the demand. */
const SECTION_CHILD_TITLES: Partial<Record<string, ChildKey>> = { 'demandManageRI/demandForm': 'solutionForm' };

/** `detail/:demand_id` → `manage.children.detail`; `section` picks a section's own name for the child. */
export function manageChildTitleKey(childPath: string, section?: string) {
  const name = childPath.split('/')[0] ?? childPath;
  const key = SECTION_CHILD_TITLES[`${section ?? ''}/${name}`] ?? (name as ChildKey);
  return `manage.children.${key}` as const;
}
