/** A presigned S3 POST (`{url, fields}` from an uploads route of the API). */
interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** Thrown when the storage refuses the upload or cannot be reached; `message` is its status text. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends a file straight to storage with a presigned POST: the fields first, the file last (S3
 * requires that order). The API never carries the bytes (document sizes up to 10 MB).
 */
export async function postToPresignedUrl(upload: PresignedPost, file: Blob): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(upload.url, { method: 'POST', body: form });
  } catch {
    throw new UploadError('no response from server');
  }
  if (!res.ok) throw new UploadError(res.statusText || `status ${res.status}`, res.status);
}
