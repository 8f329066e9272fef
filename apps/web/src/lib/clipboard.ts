import i18next from 'i18next';
import { toast } from '@/components/toast/toast-store.ts';

/** Spec 8: success shows a success toast titled 'Copied'; failure an error toast. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(i18next.t('toasts.copied'));
    return true;
  } catch {
    toast.error(i18next.t('toasts.somethingWentWrong'));
    return false;
  }
}
