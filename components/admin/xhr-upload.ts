// fetch() cannot report upload progress; XMLHttpRequest's upload events can.

export interface UploadResult {
  status: number;
  body: unknown;
  retryAfter: number | null;
}

export function xhrUpload({
  url,
  method,
  form,
  onProgress,
}: {
  url: string;
  method: 'POST' | 'PUT';
  form: FormData;
  onProgress: (fraction: number) => void;
}): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // An empty or non-JSON body: the status alone tells what happened.
      }
      resolve({ status: xhr.status, body, retryAfter: Number(xhr.getResponseHeader('retry-after')) || null });
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.send(form);
  });
}

/** The problem+json detail of a failed upload, in words. */
export function uploadProblem(result: UploadResult): string {
  const detail = (result.body as { detail?: unknown } | null)?.detail;
  if (result.status === 429) return `Too many requests. Try again in ${result.retryAfter ?? 60} s.`;
  if (result.status === 413) return typeof detail === 'string' ? detail : 'The file is too large.';
  return typeof detail === 'string' ? detail : `Upload failed (${result.status}).`;
}
