import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for Ollama's native API: `GET /api/tags` as Ollama answers it, nothing else. */
export async function startOllamaStandin(models = ['llama3.2:3b'], { slowFirstMs = 0 } = {}) {
  let answered = 0;
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/api/tags') {
      // `slowFirstMs`: the first answer comes late (a server still loading, or a busy asker).
      if (answered++ === 0 && slowFirstMs > 0) await new Promise((r) => setTimeout(r, slowFirstMs));
      const list = models.map((name) => ({
        name,
        model: name,
        modified_at: '2026-11-30T10:00:00.000Z',
        size: 2019393189,
        digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
        details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
      }));
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ models: list }));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
