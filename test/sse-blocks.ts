import { type IncomingMessage, request } from 'node:http';

/**
 * Reads a server-sent-event response as it arrives and calls `onBlock` with each block (`event: x\ndata: y`, or a
 * comment such as `: open`): the API tests and the bench read the site's streams over real HTTP with it.
 */
export function onEventBlocks(res: IncomingMessage, onBlock: (block: string) => void): void {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock(block);
    }
  });
}

/** The data of a block that is the event `name`, parsed; undefined for any other block. */
export function eventData<T>(block: string, name: string): T | undefined {
  const data = new RegExp(`^event: ${name}\\ndata: (.*)$`, 'm').exec(block);
  return data ? (JSON.parse(data[1]!) as T) : undefined;
}

/**
 * Opens `path` on the site at 127.0.0.1:`port` over real HTTP, with the bearer header as the web app's fetch sends it,
 * and hands each block of the answer to `onBlock`. `opened` resolves with the answer's head. `headers` adds others
 * (X-Forwarded-For, which the site believes from 127.0.0.1 as from its proxy, to stand for another address).
 */
export function openEventStream(
  port: number,
  path: string,
  token: string | undefined,
  onBlock: (block: string) => void,
  headers: Record<string, string> = {},
): { opened: Promise<IncomingMessage>; close(): void } {
  let response: IncomingMessage | undefined;
  const req = request({
    port,
    host: '127.0.0.1',
    path,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', (res) => {
      response = res;
      onEventBlocks(res, onBlock);
      resolve(res);
    });
    req.on('error', reject);
  });
  req.end();
  return {
    opened,
    close() {
      response?.destroy();
      req.destroy();
    },
  };
}
