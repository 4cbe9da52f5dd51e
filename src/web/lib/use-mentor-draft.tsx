import { useState } from 'react';
import { toast } from 'sonner';
import { showErrorToast } from './error-toast.ts';
import { useAiGate } from '../components/ai-gate.tsx';

type Texts = { pending: string; ready: string; readyOffline: string; failed: string };

/**
 * Asking the mentor for a draft (a task, a strategy step): through the AI gate (consent
 * and the AI assistance preference, then the same request again), with the draft handed
 * to `apply`, a toast, and a polite live announcement for screen readers.
 */
export function useMentorDraft<Draft>(request: () => Promise<{ draft: Draft; source: string }>, apply: (draft: Draft) => void, texts: Texts) {
  const { guard, dialog } = useAiGate();
  const [generating, setGenerating] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // The gate re-runs this itself after consent, so the retried request applies its draft too.
  async function requestAndApply() {
    const result = await request();
    apply(result.draft);
    const message = result.source === 'offline' ? texts.readyOffline : texts.ready;
    setAnnouncement(message);
    toast.success(message);
  }

  async function generate() {
    setGenerating(true);
    setAnnouncement(texts.pending);
    try {
      await guard(requestAndApply);
    } catch (error) {
      setAnnouncement('');
      showErrorToast(error, texts.failed);
    } finally {
      setGenerating(false);
    }
  }

  const liveRegion = (
    <p className="sr-only" role="status" aria-live="polite">
      {announcement}
    </p>
  );
  return { generate, generating, liveRegion, dialog };
}
