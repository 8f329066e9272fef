import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/ui/language-switcher.tsx';

/**
 * The person's menu in the header: who is signed in, settings, language and sign out. One button
 * keeps the header to a phone's width (spec 9: everything works below 1024 px).
 */
export function UserMenu({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('userMenu.open')}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden>{email.slice(0, 1).toUpperCase()}</span>
      </button>
      {open && (
        <div id={id} className="user-menu-panel">
          <p className="user-menu-email">{email}</p>
          <NavLink to="/settings" className="user-menu-item" onClick={() => setOpen(false)}>
            {t('nav.settings')}
          </NavLink>
          <LanguageSwitcher />
          <button type="button" className="user-menu-item" onClick={onSignOut}>
            {t('auth.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
