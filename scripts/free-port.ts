import { type AddressInfo, createServer } from 'node:net';

/**
 * A port no one listens on, from the system. A random pick from a fixed range once drew 3659,
 * which Next.js refuses as reserved (apple-sasl), and the bench failed before it began.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
