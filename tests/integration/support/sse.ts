export type ServerEvent = { event: string; id?: string; data: string };

/**
 * Reads a server-sent-events response as it arrives. `until` reads on until the events
 * received so far (across calls) satisfy the predicate, and returns them.
 */
export function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: ServerEvent[] = [];
  return {
    async until(done: (events: ServerEvent[]) => boolean) {
      while (!done(events)) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n').filter((line) => !line.startsWith(':'));
          const fields = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
          if (fields.event) events.push({ event: fields.event, id: fields.id, data: fields.data ?? '' });
        }
      }
      return events;
    },
  };
}

/** Reads a response's events until `done` holds. */
export const readEvents = (response: Response, done: (events: ServerEvent[]) => boolean) => eventReader(response).until(done);
