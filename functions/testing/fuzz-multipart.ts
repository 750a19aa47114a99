/** A hostile multipart/form-data request: the Content-Type header as sent and the raw body. */
interface MultipartCase {
  name: string;
  contentType: string;
  body: string;
}

/**
 * docs/decisions/0005-multipart-and-availability.md: multipart bodies a parser must survive, sent to every multipart route and every
 * public route (which must not parse them at all). `fileField` is the route's file field, so the
 * cases that are otherwise well formed reach the route's own checks.
 */
export function multipartCatalogue(fileField = 'file'): MultipartCase[] {
  const type = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  const field = (name: string, value: string, b = 'x') =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, content = '%PDF-1.4 fuzz', b = 'x', filename = 'a.pdf') =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;
  const end = (b = 'x') => `--${b}--\r\n`;
  const cases: MultipartCase[] = [
    {
      name: 'truncated file part',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\n\r\n%PDF-`,
    },
    { name: 'truncated part headers', contentType: type('x'), body: '--x\r\nContent-Disposition: form-data; na' },
    {
      name: 'truncated field part',
      contentType: type('x'),
      body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc',
    },
    { name: 'opening boundary only', contentType: type('x'), body: '--x' },
    { name: 'closing boundary only', contentType: type('x'), body: end() },
    { name: 'empty body', contentType: type('x'), body: '' },
    { name: 'no boundary parameter', contentType: 'multipart/form-data', body: field('name', 'a') + end() },
    {
      name: 'empty boundary',
      contentType: 'multipart/form-data; boundary=',
      body: '--\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n----\r\n',
    },
    { name: 'boundary not in the body', contentType: type('x'), body: field('name', 'a', 'y') + end('y') },
    {
      name: 'quoted boundary with spaces',
      contentType: 'multipart/form-data; boundary="a b"',
      body: field('name', 'a', 'a b') + file(fileField, '%PDF-1.4', 'a b') + end('a b'),
    },
    {
      name: '1000-character boundary',
      contentType: type('b'.repeat(1000)),
      body: field('name', 'a', 'b'.repeat(1000)) + end('b'.repeat(1000)),
    },
    {
      name: 'odd content type casing and charset',
      contentType: 'Multipart/Form-Data; BOUNDARY=x; charset=utf-16',
      body: field('name', 'a') + end(),
    },
    { name: 'multipart/mixed', contentType: 'multipart/mixed; boundary=x', body: field('name', 'a') + end() },
    {
      name: 'LF line ends only',
      contentType: type('x'),
      body: (field('name', 'a') + file(fileField) + end()).replace(/\r\n/g, '\n'),
    },
    {
      name: 'preamble and epilogue',
      contentType: type('x'),
      body: `garbage before\r\n${field('name', 'a')}${file(fileField)}${end()}garbage after`,
    },
    { name: 'duplicate field names', contentType: type('x'), body: field('token', 'a') + field('token', 'b') + end() },
    { name: 'token then token[]', contentType: type('x'), body: field('token', 'a') + field('token[]', 'b') + end() },
    { name: 'duplicate file names', contentType: type('x'), body: file(fileField) + file(fileField) + end() },
    { name: 'two files', contentType: type('x'), body: file(fileField) + file('other') + end() },
    { name: '__proto__[] field', contentType: type('x'), body: field('__proto__[]', 'a') + end() },
    { name: '__proto__ field', contentType: type('x'), body: field('__proto__', 'a') + end() },
    { name: '__proto__ file', contentType: type('x'), body: file('__proto__') + end() },
    {
      name: 'constructor[prototype][polluted]',
      contentType: type('x'),
      body: field('constructor[prototype][polluted]', 'yes') + end(),
    },
    { name: 'constructor field', contentType: type('x'), body: field('constructor', 'a') + end() },
    {
      name: 'toString then hasOwnProperty',
      contentType: type('x'),
      body: field('toString', 'a') + field('hasOwnProperty', 'b') + end(),
    },
    { name: 'a[b][c]', contentType: type('x'), body: field('a[b][c]', 'a') + end() },
    {
      name: 'part without a name',
      contentType: type('x'),
      body: '--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n' + end(),
    },
    {
      name: 'part without Content-Disposition',
      contentType: type('x'),
      body: '--x\r\nContent-Type: text/plain\r\n\r\nabc\r\n' + end(),
    },
    {
      name: 'attachment disposition',
      contentType: type('x'),
      body: '--x\r\nContent-Disposition: attachment; name="a"\r\n\r\nabc\r\n' + end(),
    },
    {
      name: 'octet-stream part without filename',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="${fileField}"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-1.4\r\n${end()}`,
    },
    {
      name: 'file with a path filename',
      contentType: type('x'),
      body: file(fileField, '%PDF-1.4', 'x', '../../etc/passwd') + end(),
    },
    {
      name: 'NUL and unicode in a name',
      contentType: type('x'),
      body: field('a\u0000b', '1') + field('🙂', '2') + end(),
    },
    { name: '10,000-character name', contentType: type('x'), body: field('n'.repeat(10_000), '1') + end() },
    { name: '2 MB field value', contentType: type('x'), body: field('name', 'v'.repeat(2 * 1024 * 1024)) + end() },
    {
      name: '5,000 fields',
      contentType: type('x'),
      body: Array.from({ length: 5000 }, (_, i) => field(`f${i}`, 'v')).join('') + end(),
    },
    { name: '5,000 empty parts', contentType: type('x'), body: '--x\r\n\r\n\r\n'.repeat(5000) + end() },
    {
      name: '5,000 files',
      contentType: type('x'),
      body: Array.from({ length: 5000 }, (_, i) => file(`f${i}`, 'x')).join('') + end(),
    },
    {
      name: '3,000 header lines in a part',
      contentType: type('x'),
      body: `--x\r\n${'X-Fuzz: 1\r\n'.repeat(3000)}Content-Disposition: form-data; name="a"\r\n\r\nb\r\n${end()}`,
    },
    {
      name: 'nested multipart',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: multipart/mixed; boundary=y\r\n\r\n${field('b', 'c', 'y')}${end('y')}\r\n${end()}`,
    },
    {
      name: 'base64 transfer encoding',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%\r\n${end()}`,
    },
  ];
  return cases;
}
