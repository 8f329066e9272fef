import type { IntegrationSettings } from '@pool/contract/integrations';
import { siteVisitEvent } from '@/lib/operating/analytics/analytics-rules.ts';
import { visitors, type Visitor } from '@/lib/operating/visitor.ts';
import type { QueryClient } from '@tanstack/react-query';
import { loadScript } from './load-script.ts';
import { watchMiningStarted } from './mining-started.ts';
import { isMiningStarted, miningStartedAttribute, widgetsStarted } from './support-tools.ts';

type WidgetSettings = Pick<IntegrationSettings, 'support_chat' | 'messenger' | 'email_marketing'>;

/** What each widget is told of a signed-in visitor: the user id and that widget's own HMAC. */
function identifyIn(visitor: Visitor): void {
  const chatHash = visitor.verification.support_chat;
  window.supportChat?.identify?.(visitor.id);
  if (chatHash) window.supportChat?.auth?.(visitor.id, chatHash);
  window.messenger?.boot?.({
    user_id: visitor.id,
    ...(visitor.verification.messenger ? { user_hash: visitor.verification.messenger } : {}),
    [miningStartedAttribute]: isMiningStarted(),
  });
  window.emailMarketing?.track?.(siteVisitEvent, {
    user_id: visitor.id,
    ...(visitor.verification.email_marketing ? { user_hash: visitor.verification.email_marketing } : {}),
  });
}

/**
 * Loads each configured widget's script from its address; once a script ran, its global is told who
 * is signed in, now and at every later sign-in. A script that fails to load leaves the app as it was.
 * Returns what stops telling them.
 */
export async function startWidgets(
  settings: WidgetSettings,
  client?: QueryClient,
  load = loadScript,
): Promise<() => void> {
  const scripts = [settings.support_chat, settings.messenger, settings.email_marketing].flatMap((widget) =>
    widget ? [widget.script_url] : [],
  );
  const loaded = await Promise.allSettled(scripts.map((src) => load(src)));
  widgetsStarted();
  if (!loaded.some((result) => result.status === 'fulfilled')) return () => undefined;
  // Mining first, so that the messenger boots with what the screens already know.
  const stops = client && settings.messenger ? [watchMiningStarted(client)] : [];
  stops.push(
    visitors.subscribe(identifyIn),
    visitors.onLeave(() => window.messenger?.shutdown?.()),
  );
  return () => stops.forEach((stop) => void stop());
}
