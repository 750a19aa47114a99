import { useEffect, useRef, useState } from 'react';
import { TOKEN_KEY } from '../../../api/keys.js';
import { connectLive, type LiveMessage, type LiveState, resolveLiveUrl } from '../live.js';

/**
 * The live connection while the page is visible (a hidden tab closes it: nothing runs for a tab
 * nobody looks at, and it reconnects and refetches when shown again).
 */
export function useLiveUpdates(onEvent: (m: LiveMessage) => void, onConnected: () => void): LiveState {
  const [state, setState] = useState<LiveState>('disconnected');
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  const latest = useRef({ onEvent, onConnected });
  latest.current = { onEvent, onConnected };
  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  useEffect(() => {
    if (!visible || typeof EventSource === 'undefined') return undefined;
    let close: (() => void) | undefined;
    let cancelled = false;
    void resolveLiveUrl().then((url) => {
      if (cancelled) return;
      close = connectLive({
        url,
        token: () => localStorage.getItem(TOKEN_KEY),
        onEvent: (m) => latest.current.onEvent(m),
        onConnected: () => latest.current.onConnected(),
        onState: setState,
      });
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [visible]);
  return state;
}
