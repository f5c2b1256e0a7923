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

/** `detail/:demand_id` → `manage.children.detail`. */
export function manageChildTitleKey(childPath: string) {
  const name = childPath.split('/')[0] ?? childPath;
  return `manage.children.${name as ChildKey}` as const;
}
