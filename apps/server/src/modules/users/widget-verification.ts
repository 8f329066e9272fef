import { createHmac } from 'node:crypto';
import { widgets, type Widget, type WidgetVerification } from '@pool/contract/identity';

export type WidgetSecrets = Partial<Record<Widget, string>>;

/**
 * Identity verification for the support, messenger and e-mail marketing widgets: each vendor
 * checks HMAC-SHA256(user id) with the secret it shares with us, so nobody can chat as another user.
 */
export function widgetVerification(userId: string, secrets: WidgetSecrets): WidgetVerification {
  const verification: WidgetVerification = {};
  for (const widget of widgets) {
    const secret = secrets[widget];
    if (secret) verification[widget] = createHmac('sha256', secret).update(userId).digest('hex');
  }
  return verification;
}
