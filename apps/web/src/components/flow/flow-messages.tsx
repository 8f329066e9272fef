import type { UiText } from '@/lib/ory/types.ts';
import { useTranslation } from 'react-i18next';
import { oryText } from '@/lib/ory/ory-text.ts';

/** The flow's own messages (ui.messages): errors, notices and confirmations of the whole form. */
export function FlowMessages({ messages }: { messages: readonly UiText[] | undefined }) {
  const { t } = useTranslation();
  if (!messages?.length) return null;
  return (
    <div className="flow-messages">
      {messages.map((message) => (
        <p
          key={`${message.id}:${message.text}`}
          className="notice"
          data-type={message.type}
          role={message.type === 'error' ? 'alert' : 'status'}
        >
          {oryText(t, message)}
        </p>
      ))}
    </div>
  );
}
