import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec 5: every password input has a show/hide toggle. `forwardRef` rather than a `ref` prop: the
 * build renders with Preact (`apps/web/renderer.ts`), which hands a plain function component no ref.
 */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function PasswordInput(props, ref) {
    const { t } = useTranslation();
    const [visible, setVisible] = useState(false);
    return (
      <div className="password-input">
        <input {...props} ref={ref} type={visible ? 'text' : 'password'} />
        <button
          type="button"
          className="password-toggle"
          aria-pressed={visible}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('auth.password.hideShort') : t('auth.password.showShort')}
        </button>
      </div>
    );
  },
);
