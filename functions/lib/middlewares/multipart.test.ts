import { describe, expect, it } from 'vitest';
import { request } from '../../testing/middleware.js';
import { type MultipartFile, type MultipartForm, multipart } from './multipart.js';

const BOUNDARY = 'xBOUNDARYx';
const form = (parts: string[]) => `${parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join('')}--${BOUNDARY}--\r\n`;
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const file = (name: string, filename: string, content: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}`;

async function parse(body: string, o: { fileSize?: number; contentType?: string; base64?: boolean } = {}) {
  const { req } = request('uploads.uploadServicePhoto', {
    event: {
      headers: { 'content-type': o.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
      body: o.base64 ? Buffer.from(body).toString('base64') : body,
      isBase64Encoded: o.base64 ?? false,
    },
  });
  await multipart({ fileSize: o.fileSize ?? 1024 }).before!(req);
  return req.event.body as MultipartForm;
}

describe('multipart', () => {
  it('a form becomes fields and files on an object without a prototype', async () => {
    const f = await parse(form([field('caption', 'Harbour'), file('photo', 'a.png', 'PNGDATA')]), { base64: true });
    expect(Object.getPrototypeOf(f)).toBeNull();
    expect(f.caption).toBe('Harbour');
    const photo = f.photo as MultipartFile;
    expect({
      name: photo.filename,
      type: photo.mimetype,
      text: photo.content.toString(),
      cut: photo.truncated,
    }).toEqual({
      name: 'a.png',
      type: 'image/png',
      text: 'PNGDATA',
      cut: false,
    });
  });

  it('a file longer than fileSize arrives cut and marked truncated, for the operation to answer', async () => {
    const photo = (await parse(form([file('photo', 'a.png', '0123456789')]), { fileSize: 4 })).photo as MultipartFile;
    expect(photo.truncated).toBe(true);
    expect(photo.content.toString()).toBe('0123');
  });

  it('another content type is a 415; an empty form, an odd field name a 400; a second file a 413', async () => {
    await expect(parse('x', { contentType: 'application/json' })).rejects.toMatchObject({ statusCode: 415 });
    await expect(parse('')).rejects.toMatchObject({ statusCode: 400 });
    await expect(parse(form([file('a', 'a.png', 'x'), file('b', 'b.png', 'y')]))).rejects.toMatchObject({
      statusCode: 413,
      message: 'This form takes at most 1 file',
    });
    await expect(parse(form([field('__proto__', 'x')]))).rejects.toMatchObject({ statusCode: 400 });
  });
});
