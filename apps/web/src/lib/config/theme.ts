import type { AppTheme, PoolConfig } from '@pool/contract/pool-config';
import { brandColours } from '@pool/contract/pool-config-codes';

export { brandColours };

export function themeOf(config: PoolConfig | undefined): AppTheme {
  return config?.page_settings.app_theme ?? 'default';
}

/** The stylesheet derives every brand shade from `--brand`; `data-theme` keys the rest. */
export function applyTheme(theme: AppTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.setProperty('--brand', brandColours[theme]);
}
