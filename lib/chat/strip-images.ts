/**
 * Defense in depth for checklist 32: the assistant never needs to show an
 * image, so Markdown images (`![alt](url)`) and `<img>` tags are removed from
 * the model's text as it streams – whatever a source persuaded the model to
 * write, no image request (the classic exfiltration channel) can come of it.
 * The UI's rendering rules and the CSP `img-src 'self'` stand behind this.
 * A possible start of an image at the end of a delta is held back until the
 * next delta decides it.
 */
const IMAGE = /!\[[^\]\n]{0,300}\]\([^)\n]{0,2000}\)/g;
const IMG_TAG = /<img\b[^>]{0,2000}>/gi;
// Tails that may still grow into an image or an <img> tag.
const OPEN_IMAGE = /!(?:\[[^\]\n]{0,300}(?:\](?:\([^)\n]{0,2000})?)?)?$/;
const OPEN_TAG = /<(?:i(?:m(?:g(?:\b[^>]{0,2000})?)?)?)?$/i;

export class ImageStripper {
  private pending = '';

  push(delta: string): string {
    let text = this.pending + delta;
    const open = OPEN_IMAGE.exec(text) ?? OPEN_TAG.exec(text);
    this.pending = open ? text.slice(open.index) : '';
    if (open) text = text.slice(0, open.index);
    return strip(text);
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return strip(rest);
  }
}

function strip(text: string): string {
  return text.replace(IMAGE, '').replace(IMG_TAG, '');
}
