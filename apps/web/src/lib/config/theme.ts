import { brandColours, type AppTheme, type PoolConfig } from '@pool/contract/pool-config';

export { brandColours };

export function themeOf(config: PoolConfig | undefined): AppTheme {
  return config?.page_settings.app_theme ?? 'default';
}

/** The stylesheet derives every brand shade from `--brand`; `data-theme` keys the rest. */
export function applyTheme(theme: AppTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.setProperty('--brand', brandColours[theme]);
}
