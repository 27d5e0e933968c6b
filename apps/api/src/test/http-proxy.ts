import {
  Agent,
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';

/** The header the proxy adds to each answer: which upstream (its index) served the request. */
export const UPSTREAM_HEADER = 'x-upstream';

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`: what a client (and `PUBLIC_BASE_URL`) uses. */
  baseUrl: string;
  /** The instances' ports, in the order requests go to them. */
  setUpstreams(ports: number[]): void;
  /** Requests sent to each upstream, by index. */
  readonly served: readonly number[];
  close(): Promise<void>;
}

/**
 * A load balancer in miniature, on loopback: each request goes to the next instance in turn,
 * with the client's address appended to `X-Forwarded-For` (as a balancer does; whatever the
 * client wrote there stays in front of it). It connects to the instances from
 * `sourceAddress` (a loopback address of its own, so an instance can tell the balancer from
 * the client), which is what the instances' `TRUST_PROXY` names.
 */
export async function startRoundRobinProxy(options: {
  sourceAddress: string;
}): Promise<RoundRobinProxy> {
  let upstreams: number[] = [];
  const served: number[] = [];
  let next = 0;
  const agent = new Agent({ keepAlive: true, localAddress: options.sourceAddress });

  const server: Server = createServer((request, response) => {
    if (upstreams.length === 0) {
      response.writeHead(503).end();
      return;
    }
    const index = next++ % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    const client = request.socket.remoteAddress ?? '';
    const earlier = request.headers['x-forwarded-for'];
    const headers: IncomingHttpHeaders = {
      ...request.headers,
      'x-forwarded-for': earlier ? `${String(earlier)}, ${client}` : client,
      'x-forwarded-proto': 'http',
    };
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: upstreams[index],
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [UPSTREAM_HEADER]: String(index),
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    setUpstreams: (ports) => {
      upstreams = [...ports];
    },
    get served() {
      return served;
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
