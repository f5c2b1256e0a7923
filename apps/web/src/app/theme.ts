import type { ThemeConfig } from 'antd';
import type { Locale } from '@mathbridge/contracts/locales';

const LATIN = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial";
const EMOJI = "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol'";

/**
 * CJK fonts differ per locale: Simplified and Traditional Chinese share code points but not glyph
 * shapes, so each locale lists its own regional fonts first.
 */
const CJK: Record<Locale, string> = {
  'zh-CN':
    "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC'",
  'zh-HK':
    "'PingFang HK', 'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK HK', 'Noto Sans CJK TC', 'Noto Sans HK', 'Noto Sans TC'",
  'en-US': "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC'",
};

/**
 * Text colours reach WCAG AA (4.5:1) on white and on the grey page surface (#f5f7fb): antd's
 * defaults do not (secondary text 3.36:1, placeholders 1.83:1, the green 'verified' tag 2.42:1,
 * danger text 3.9:1). Status colours are also the text of status tags, on their light tint.
 */
const TEXT_DESCRIPTION = '#5b6478'; // 5.9:1 on white, 5.5:1 on #f5f7fb
const TEXT_PLACEHOLDER = '#626a78'; // 5.4:1 on white

/** The brand blue and the grey page surface: also the installed app's colours (installable-app.ts). */
export const BRAND_COLOR = '#1f4fd1';
export const PAGE_BACKGROUND = '#f5f7fb';

export function themeFor(locale: Locale): ThemeConfig {
  return {
    token: {
      colorPrimary: BRAND_COLOR,
      colorInfo: BRAND_COLOR,
      colorSuccess: '#0b7a3e',
      // antd derives a grey-green tint from a dark green; status tags need a light one (4.8:1).
      colorSuccessBg: '#e8f5ec',
      colorSuccessBgHover: '#d3eedb',
      colorSuccessBorder: '#a3d9b5',
      colorError: '#cf1322',
      colorLink: BRAND_COLOR,
      colorTextTertiary: TEXT_DESCRIPTION,
      colorTextDescription: TEXT_DESCRIPTION,
      colorTextPlaceholder: TEXT_PLACEHOLDER,
      borderRadius: 8,
      fontFamily: `${LATIN}, ${CJK[locale]}, sans-serif, ${EMOJI}`,
    },
    components: {
      Layout: { headerBg: '#ffffff', bodyBg: PAGE_BACKGROUND },
      Menu: { itemBg: 'transparent' },
      // Text of the preset-coloured tags (green 'received', gold 'NDA') on their tint; the palette
      // is derived after global tokens apply, so the override goes to the component.
      // A warning tag ('paused') gets dark amber text (6:1 on its tint) without darkening warning icons.
      Tag: { green7: '#237804', gold7: '#874d00', colorWarning: '#8a5300' }, // 5.4:1, 6.5:1 on their tints
    },
  };
}
