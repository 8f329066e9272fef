import type { AppTheme, PoolConfig } from '@pool/contract/pool-config';

/** Spec 1: the brand colour of each theme. */
export const brandColours: Record<AppTheme, string> = {
  default: '#5b7bdc',
  headframe: '#435FFF',
};

export function themeOf(config: PoolConfig | undefined): AppTheme {
  return config?.page_settings.app_theme ?? 'default';
}

/** The stylesheet derives every brand shade from `--brand`; `data-theme` keys the rest. */
export function applyTheme(theme: AppTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.setProperty('--brand', brandColours[theme]);
}
