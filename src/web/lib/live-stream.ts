/** EventSource.CLOSED: the browser will not reconnect by itself. */
const CLOSED = 2;
/** How long to wait before opening a stream again that the browser gave up on. */
const REOPEN_AFTER_MS = 2_000;

/**
 * Keeps a server-sent events stream coming back (decision 267). When a server stops it sends
 * `reconnect` and ends the stream; the browser's EventSource then reconnects by itself after the
 * `retry` the server set, with Last-Event-ID, and the balancer sends it to another instance. But
 * an EventSource whose reconnection is answered with anything but a stream (a balancer's 503
 * while no instance is ready) closes for good: then `reopen` runs after two seconds.
 * Returns how to stop watching (the component going away).
 */
export function reopenWhenClosed(source: EventSource, reopen: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onError = () => {
    if (source.readyState !== CLOSED || timer) return;
    timer = setTimeout(reopen, REOPEN_AFTER_MS);
  };
  source.addEventListener('error', onError);
  return () => {
    clearTimeout(timer);
    source.removeEventListener('error', onError);
  };
}
