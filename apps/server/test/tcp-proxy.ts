import net from 'node:net';

/**
 * How the proxy treats traffic: `pass` forwards both ways; `refuse` resets every connection, open
 * or new (a stopped server); `silent` accepts connections and drops every byte both ways, so
 * neither side hears from the other (a network partition or a dead host). Connections silenced
 * stay silent after the mode changes back to `pass`, as a flow a firewall forgot stays dead.
 */
export type ProxyMode = 'pass' | 'refuse' | 'silent';

export interface TcpProxy {
  port: number;
  /** `scheme://127.0.0.1:port` with the target URL's user, path and query. */
  url: (targetUrl: string) => string;
  setMode: (mode: ProxyMode) => void;
  close: () => Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  silenced: boolean;
}

/** A TCP proxy on 127.0.0.1 (port 0 by default) in front of `target`, which a test can cut. */
export async function startTcpProxy(
  target: { host: string; port: number },
  listenPort = 0,
): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const links = new Set<Link>();

  const resetAll = (link: Link) => {
    link.client.resetAndDestroy();
    link.upstream.resetAndDestroy();
    links.delete(link);
  };

  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => undefined);
    const link: Link = { client, upstream, silenced: mode === 'silent' };
    links.add(link);
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (!link.silenced && mode === 'pass') {
          to.write(chunk);
        } else {
          link.silenced = true;
        }
      });
      from.on('close', () => {
        // A silenced link tells the other side nothing, not even that it closed.
        if (!link.silenced) {
          to.destroy();
        }
        links.delete(link);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', resolve);
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    setMode: (next) => {
      mode = next;
      if (next === 'refuse') {
        links.forEach(resetAll);
      } else if (next === 'silent') {
        links.forEach((link) => (link.silenced = true));
      }
    },
    close: async () => {
      links.forEach(resetAll);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
