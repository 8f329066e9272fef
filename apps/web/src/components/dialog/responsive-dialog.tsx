import { useRef, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/media.ts';
import { dialogTiming, sheetDragCloses } from './sheet-drag.ts';

export interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

const timing = {
  '--modal-exit': `${dialogTiming.modalExitMs}ms`,
  '--sheet-exit': `${dialogTiming.sheetExitMs}ms`,
} as CSSProperties;

/** A modal on desktop that becomes a bottom sheet below 1024 px (spec 2 and 9). */
export function ResponsiveDialog({ open, onOpenChange, title, description, children }: ResponsiveDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const sheet = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; at: number; id: number } | undefined>(undefined);

  const follow = (dy: number) => {
    if (sheet.current) sheet.current.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { y: event.clientY, at: event.timeStamp, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) follow(event.clientY - drag.current.y);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = undefined;
    if (!start) return;
    const dy = event.clientY - start.y;
    const sheetHeight = sheet.current?.getBoundingClientRect().height ?? 0;
    follow(0);
    if (sheetDragCloses({ dy, elapsedMs: event.timeStamp - start.at, sheetHeight })) onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" style={timing} />
        <Dialog.Content ref={sheet} className={mobile ? 'sheet' : 'modal'} style={timing}>
          {mobile && (
            <div
              className="sheet-handle"
              aria-hidden
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
            />
          )}
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label={t('common.close')}>
              ×
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="dialog-description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
