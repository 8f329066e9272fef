import type { Language } from '@pool/contract/language-codes';
import { api } from '@/lib/api-client.ts';
import { storage, storageKeys } from '@/lib/storage.ts';

/**
 * Spec 4: the choice is saved on this device, and to the server when the signed-in user's saved
 * language differs; then the page reloads so every text and format follows.
 */
export async function changeLanguage(
  language: Language,
  { userLanguage, signedIn }: { userLanguage: Language | null | undefined; signedIn: boolean },
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  storage.set(storageKeys.language, language);
  if (signedIn && userLanguage !== language) {
    await api('/identity/language', { method: 'PUT', body: { language } }).catch((error: unknown) =>
      console.error('Could not save the language', error),
    );
  }
  reload();
}
