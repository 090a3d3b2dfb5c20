import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built page from web/dist. A GET that matches no API route and asks for HTML gets
 * index.html (the page's router decides); anything else unmatched is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  if (fs.existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, serve: true });
    app.get('/assets/*', { schema: { hide: true } }, (req, reply) => {
      const rel = (req.params as { '*': string })['*'];
      return reply.sendFile(path.join('assets', rel), { immutable: true, maxAge: '365d' });
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (wantsHtml) {
      if (!fs.existsSync(index)) {
        return reply.code(503).type('text/plain').send('The web page is not built. Run `npm run build`.');
      }
      return reply.header('cache-control', 'no-store').type('text/html').send(fs.createReadStream(index));
    }
    return reply.code(404).send({ ErrorMessage: `No such call: ${req.method} ${req.url.split('?')[0]}` });
  });
}
