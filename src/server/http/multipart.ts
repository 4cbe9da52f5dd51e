/**
 * Reads a multipart/form-data body (RFC 7578) for the upload routes. The body is gathered
 * in one shared buffer and the files are views of it: the platform's parser copies a 10 MB
 * file several times in one go, which held the event loop for tens of milliseconds per
 * upload, and shared memory lets the text extraction workers read the files without
 * another copy (decision 105). A body that is not well-formed throws MalformedFormError.
 */
export type FormPart = { name: string; value: string } | { name: string; file: { name: string; bytes: Uint8Array } };

export class MalformedFormError extends Error {
  override name = 'MalformedFormError';
}

/** More parts than any upload form sends; parsing a flood of tiny ones would hold the event loop. */
const MAX_PARTS = 200;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const decoder = new TextDecoder();

/**
 * The body in one SharedArrayBuffer, each chunk copied in as it arrives: sized by
 * Content-Length (the upload routes' body limit has checked it), grown when there is none.
 */
async function readShared(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  let body = Buffer.from(new SharedArrayBuffer(Number.isSafeInteger(declared) && declared > 0 ? declared : 64 * 1024));
  let length = 0;
  for await (const chunk of request.body ?? []) {
    if (length + chunk.byteLength > body.length) {
      const grown = Buffer.from(new SharedArrayBuffer(Math.max(2 * body.length, length + chunk.byteLength)));
      grown.set(body.subarray(0, length));
      body = grown;
    }
    body.set(chunk, length);
    length += chunk.byteLength;
  }
  return body.subarray(0, length);
}

/** `name="…"` from a Content-Disposition header; browsers send `"` and line breaks as %22, %0D, %0A. */
function dispositionParameter(disposition: string, parameter: string): string | undefined {
  const quoted = new RegExp(`;\\s*${parameter}="([^"]*)"`, 'i').exec(disposition)?.[1];
  return quoted?.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');
}

function parsePart(body: Buffer, start: number, end: number): FormPart {
  const headersEnd = body.indexOf(HEADERS_END, start);
  if (headersEnd === -1 || headersEnd + HEADERS_END.length > end) throw new MalformedFormError('part without headers');
  const headers = decoder.decode(body.subarray(start, headersEnd)).split('\r\n');
  const disposition = headers.find((header) => /^content-disposition\s*:/i.test(header)) ?? '';
  const name = dispositionParameter(disposition, 'name');
  if (!/^content-disposition\s*:\s*form-data\s*(;|$)/i.test(disposition) || name === undefined) throw new MalformedFormError('part without a form-data name');
  const content = body.subarray(headersEnd + HEADERS_END.length, end);
  const fileName = dispositionParameter(disposition, 'filename');
  return fileName === undefined ? { name, value: decoder.decode(content) } : { name, file: { name: fileName, bytes: content } };
}

export async function readMultipart(request: Request): Promise<FormPart[]> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get('content-type') ?? '');
  if (!boundary) throw new MalformedFormError('no boundary');
  const body = await readShared(request);
  // Each part ends at CRLF "--boundary"; the first delimiter may stand at the very start.
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const first = body.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? 0 : body.indexOf(delimiter);
  if (first === -1) throw new MalformedFormError('no parts');
  const parts: FormPart[] = [];
  let position = first === 0 ? delimiter.length - 2 : first + delimiter.length;
  for (;;) {
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts;
    if (!body.subarray(position, position + 2).equals(CRLF) || parts.length === MAX_PARTS) throw new MalformedFormError('bad delimiter');
    const end = body.indexOf(delimiter, position + 2);
    if (end === -1) throw new MalformedFormError('unterminated part');
    parts.push(parsePart(body, position + 2, end));
    position = end + delimiter.length;
  }
}
