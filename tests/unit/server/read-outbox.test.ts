import { describe, expect, it } from 'vitest';
import { parseOutboxMessage } from '../../../src/server/mail/read-outbox.ts';

const raw = [
  'Content-Type: multipart/alternative;',
  ' boundary="--_b1"',
  'From: Rumbo <no-reply@rumbo.local>',
  'To: ana@example.com',
  'Subject: =?UTF-8?Q?Restablece_tu_contrase=C3=B1a_de_Rumbo?=',
  'X-Rumbo-Kind: reset-password',
  '',
  '----_b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hola, Ana:',
  'Elegir una contrase=C3=B1a nueva: http://localhost:3000/api/auth/reset-password/=',
  'abc?callbackURL=3D%2Freset-password',
  '----_b1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Hola</p>').toString('base64'),
  '----_b1--',
  '',
].join('\n');

describe('parseOutboxMessage', () => {
  it('decodes the subject, the quoted-printable text (soft line breaks included) and the base64 HTML', () => {
    const message = parseOutboxMessage('x.eml', raw);
    expect(message.subject).toBe('Restablece tu contraseña de Rumbo');
    expect(message.kind).toBe('reset-password');
    expect(message.to).toBe('ana@example.com');
    expect(message.text).toContain('Elegir una contraseña nueva');
    expect(message.links).toEqual(['http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2Freset-password']);
    expect(message.html).toBe('<p>Hola</p>');
  });
});
