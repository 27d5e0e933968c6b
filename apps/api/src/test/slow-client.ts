import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SlowRequest {
  /** Settles once the server answered `100 Continue`: its handling of the request has begun. */
  started: Promise<void>;
  /** Sends the body (in two writes), after which the answer can come. */
  finish(): void;
  /** The answer, however long it takes (rejects if the connection closes without one). */
  response: Promise<RawResponse>;
  /** Settles when the connection is closed, by either side. */
  closed: Promise<void>;
  socket: Socket;
}

/**
 * A client on a raw socket that sends a request's head, waits, and sends its body only when told:
 * a request held in flight by real means (a slow upload), with no hook in the server. The head
 * asks `Expect: 100-continue`, so the server says when it has taken the request up.
 */
export function slowRequest(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; body: string },
): SlowRequest {
  const socket = connect(port, '127.0.0.1');
  const body = Buffer.from(request.body);
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    'host: 127.0.0.1',
    'expect: 100-continue',
    `content-length: ${body.length}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);

  let received = Buffer.alloc(0);
  let continued = false;
  let onStarted: () => void = () => {};
  let onResponse: (response: RawResponse) => void = () => {};
  let onNoResponse: (error: Error) => void = () => {};
  const started = new Promise<void>((done) => (onStarted = done));
  const response = new Promise<RawResponse>((done, fail) => {
    onResponse = done;
    onNoResponse = fail;
  });
  // The caller may never wait on the answer (a request the server gives up on).
  response.catch(() => {});
  const closed = new Promise<void>((done) => socket.on('close', () => done()));
  socket.on('error', () => {});
  socket.on('close', () => onNoResponse(new Error('the connection closed without an answer')));

  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = received
        .subarray(0, end)
        .toString('latin1')
        .split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (status === 100 && !continued) {
        continued = true;
        received = received.subarray(end + 4);
        onStarted();
        continue;
      }
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      onResponse({
        status,
        headers,
        body: received.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
      return;
    }
  });

  return {
    started,
    finish() {
      const half = Math.floor(body.length / 2);
      socket.write(body.subarray(0, half));
      socket.write(body.subarray(half));
    },
    response,
    closed,
    socket,
  };
}

/** Whether a new connection to the port is refused (the server stopped listening). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}
