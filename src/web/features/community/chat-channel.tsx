import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRoom, Contact } from '../../../core/community/community-values.ts';
import { UpgradePrompt } from '../subscription/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useStartConversation } from './community-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

/** What the chat shows: a room, or a direct conversation (decision 220). */
export type ChatChannel = { kind: 'room'; room: ChatRoom } | { kind: 'conversation'; id: number };

type ChannelState = { channel: ChatChannel; open: (channel: ChatChannel) => void };
const ChannelContext = createContext<ChannelState | null>(null);

/** The chat's open channel, shared by the community page so a name in any list can open a conversation. */
export function ChatChannelProvider({ children }: { children: React.ReactNode }) {
  const [channel, setChannel] = useState<ChatChannel>({ kind: 'room', room: 'general' });
  const open = useCallback((next: ChatChannel) => {
    setChannel(next);
    document.getElementById('community-chat-title')?.scrollIntoView({ block: 'start' });
  }, []);
  const value = useMemo(() => ({ channel, open }), [channel, open]);
  return <ChannelContext.Provider value={value}>{children}</ChannelContext.Provider>;
}

export function useChatChannel(): ChannelState {
  const state = useContext(ChannelContext);
  if (!state) throw new Error('useChatChannel needs a ChatChannelProvider');
  return state;
}

/**
 * 'Message' beside another founder's name (in a room or a list): opens the conversation with
 * them in the chat. Below tier 2 the server answers PREMIUM_REQUIRED and the upgrade prompt
 * shows here; a founder who does not take messages from the reader is said in a toast.
 */
export function MessageFounderButton({ contact, className }: { contact: Contact; className?: string }) {
  const { t } = useTranslation('community');
  const { open } = useChatChannel();
  const start = useStartConversation();
  const [upgrade, setUpgrade] = useState(false);
  if (!contact) return null;
  const message = () =>
    start.mutate(contact, {
      onSuccess: (conversation) => open({ kind: 'conversation', id: conversation.id }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PREMIUM_REQUIRED') setUpgrade(true);
        else showErrorToast(error, error instanceof ApiError && error.code === 'FORBIDDEN' ? t('chat.direct.refused') : t('chat.direct.startError'));
      },
    });
  return (
    <>
      {/* Not buttonClass: small underlined text inside a member's line; callers may pass their own class. */}
      <button type="button" className={className ?? 'text-xs underline underline-offset-2'} disabled={start.isPending} onClick={message}>
        {t('chat.direct.message')}
      </button>
      {upgrade ? (
        <div className="mt-2 w-full">
          <UpgradePrompt title={t('chat.direct.upgradeTitle')} body={t('chat.direct.upgradeBody')} onDismiss={() => setUpgrade(false)} />
        </div>
      ) : null}
    </>
  );
}
