import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { swipeDismisses } from './swipe.ts';
import { toastStore, useToasts, type Toast } from './toast-store.ts';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const drag = useRef<{ x: number; at: number; id: number } | undefined>(undefined);
  const element = useRef<HTMLDivElement>(null);

  const move = (dx: number) => {
    if (element.current) element.current.style.transform = dx > 0 ? `translateX(${dx}px)` : '';
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, at: event.timeStamp, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) move(event.clientX - drag.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = undefined;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (swipeDismisses({ dx, elapsedMs: event.timeStamp - start.at })) toastStore.dismiss(toast.id);
    else move(0);
  };

  return (
    <div
      ref={element}
      className="toast"
      data-type={toast.type}
      data-leaving={toast.leaving || undefined}
      role={toast.type === 'error' ? 'alert' : 'status'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = undefined;
        move(0);
      }}
    >
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      {toast.action && (
        <button type="button" className="button button-small" onClick={toast.action.onClick}>
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast-close"
        aria-label={t('common.close')}
        onClick={() => toastStore.dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToasts();
  return (
    // Not a list: each toast is its own status or alert region, which a list item may not be.
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
