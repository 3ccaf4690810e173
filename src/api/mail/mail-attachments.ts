/**
 * The documents a message can carry. The outbox stores only which one (kind and id); the area that owns the
 * document renders it when the message is sent, through the renderer it gives app.ts.
 */
export type AttachmentKind = 'receipt' | 'certificate';

export interface MailAttachmentRef {
  kind: AttachmentKind;
  id: number;
}

export interface RenderedAttachment {
  filename: string;
  content: Buffer;
}

/** Null from a renderer: the document is gone (its owner was deleted); the message goes without it. */
export type AttachmentRenderers = Partial<Record<AttachmentKind, (id: number) => Promise<RenderedAttachment | null>>>;

export function serializeAttachment(ref: MailAttachmentRef | undefined): string | null {
  return ref ? JSON.stringify({ kind: ref.kind, id: ref.id }) : null;
}

export function parseAttachment(stored: string | null): MailAttachmentRef | null {
  if (!stored) return null;
  const value = JSON.parse(stored) as MailAttachmentRef;
  return { kind: value.kind, id: value.id };
}

/** Renders a stored attachment; an unknown kind is an error (the message is retried, not sent without it). */
export async function renderAttachment(
  renderers: AttachmentRenderers,
  stored: string | null,
): Promise<RenderedAttachment | null> {
  const ref = parseAttachment(stored);
  if (!ref) return null;
  const render = renderers[ref.kind];
  if (!render) throw new Error(`no renderer for the mail attachment kind "${ref.kind}"`);
  return render(ref.id);
}
