import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/server/features/community/index.ts';
import {
  conversationFrame,
  messageFrame,
  messageFrameParts,
  readerMessageFrame,
  removedFrame,
} from '../../../src/server/features/community/chat-frames.ts';

/** A frame's fields as a browser's EventSource reads them: one line each. */
function parseFrame(frame: string) {
  expect(frame.endsWith('\n\n')).toBe(true);
  const lines = frame.slice(0, -2).split('\n');
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
}

const roomMessage: ChatMessage = {
  id: 41,
  room: 'mvp',
  conversation: null,
  author: { kind: 'public', name: 'Ana "la CEO" Pérez', startupName: 'Rumbo\nLabs' },
  mine: false,
  contact: 'aXY.dGFn.Ym9keQ',
  body: 'Línea uno\nlínea dos — 10 € 🚀 \u2028 </script> "citado" \\ fin',
  createdAt: '2026-11-29T10:00:00.000Z',
  editedAt: null,
};
const directMessage: ChatMessage = {
  id: 42,
  room: null,
  conversation: 7,
  author: { kind: 'anonymous', pseudonym: 48213 },
  mine: true,
  contact: null,
  body: '@48213 ¿hablamos?',
  createdAt: '2026-11-29T10:01:00.000Z',
  editedAt: '2026-11-29T10:02:00.000Z',
};

describe('chat frames (src/server/features/community/chat-frames.ts)', () => {
  it.each([roomMessage, directMessage])('round-trips a message: JSON.parse of the frame’s one data line equals it, id as the event id', (message) => {
    const fields = parseFrame(messageFrame(message));
    expect(Object.keys(fields)).toEqual(['event', 'data', 'id']);
    expect(fields.event).toBe('message');
    expect(JSON.parse(fields.data!)).toEqual(message);
    expect(Object.keys(JSON.parse(fields.data!) as object)).toEqual(Object.keys(message));
    expect(fields.id).toBe(String(message.id));
  });

  it('writes each reader’s frame from the parts serialised once, with their own fields and the event id the stream has reached', () => {
    const parts = messageFrameParts(roomMessage);
    for (const reader of [{ mine: true, contact: null }, { mine: false, contact: 'b3RoZXI.dGFn.Ym9keQ' }]) {
      const fields = parseFrame(readerMessageFrame(parts, reader, 99));
      expect(JSON.parse(fields.data!)).toEqual({ ...roomMessage, ...reader });
      expect(fields.id).toBe('99');
    }
  });

  it('names a removed message and a conversation’s news by id only', () => {
    expect(parseFrame(removedFrame(41))).toEqual({ event: 'removed', data: '{"id":41}' });
    expect(parseFrame(conversationFrame(7))).toEqual({ event: 'conversation', data: '{"id":7}' });
  });
});
