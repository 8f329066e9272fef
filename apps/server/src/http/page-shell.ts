import escapeHtml from 'escape-html';
import type { PoolConfig } from '@pool/contract/pool-config';
import { brandColours } from '@pool/contract/pool-config-codes';

/** The web app's layouts, as far as a path tells them apart before anyone is known. */
export type ShellLayout = 'auth' | 'watcher' | 'app';

/** Sign-in and the other identity screens, the invitation, and an operator's own sign-in pages. */
const authPaths = /^\/(?:auth|invitation)(?:\/|$)|^\/[^/]+\/auth(?:\/|$)/;

export function layoutOfPath(path: string): ShellLayout {
  if (authPaths.test(path)) return 'auth';
  if (path.startsWith('/watch/')) return 'watcher';
  return 'app';
}

const brand = (name: string) =>
  `<span class="brand"><span class="brand-mark" aria-hidden="true"></span>${escapeHtml(name)}</span>`;
const block = (kind: string) => `<span class="shell-placeholder shell-placeholder-${kind}"></span>`;

/** Where the page's content will be: a title and three cards, grey and without text. */
const content = `<div class="page-placeholder" aria-hidden="true">${block('title')}${block('card').repeat(3)}</div>`;

/**
 * The frame of the layout the path belongs to, with the pool's name, in the classes the app's own
 * layouts use. It paints with the stylesheet alone, before any script runs (issue 18: the first
 * paint waited for 146 KB of JavaScript on a phone). The app replaces it in the commit that draws
 * the real page, so nothing shows between the two.
 */
export function pageShell(path: string, name: string): string {
  switch (layoutOfPath(path)) {
    case 'auth':
      return `<div class="auth-layout"><header class="auth-header">${brand(name)}</header><main class="auth-main" aria-busy="true"></main></div>`;
    case 'watcher':
    case 'app':
      return [
        `<div class="shell"><header class="shell-header">${brand(name)}</header>`,
        `<nav class="shell-nav" aria-hidden="true">${block('tab').repeat(4)}</nav>`,
        `<main class="shell-main" aria-busy="true">${content}</main></div>`,
      ].join('');
  }
}

/** The pool's theme on `<html>`, as the app's `applyTheme` sets it, so the frame has the brand's colour. */
export function themeAttributes(config: PoolConfig): string {
  const theme = config.page_settings.app_theme;
  return `data-theme="${theme}" style="--brand: ${brandColours[theme]}"`;
}
