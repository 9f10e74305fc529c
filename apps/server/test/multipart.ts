/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(bytes: Buffer | string, filename: string, type: string, field = 'file') {
  const boundary = `----lms-test-${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
